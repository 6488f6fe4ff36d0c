import { describe, expect, it } from 'vitest';
import { renderDataCopy } from './privacy.ts';

describe('renderDataCopy', () => {
  it('lists the subscription and the staff profile, escaped, in Belém time', () => {
    const copy = renderDataCopy(
      {
        email: 'ana@exemplo.com',
        subscription: { status: 'confirmed', consent_version: '2026-11', requested_at: '2026-11-20T12:00:00Z', confirmed_at: '2026-11-20T12:05:00Z', unsubscribed_at: null },
        profile: { full_name: 'Ana <Souza>', email: 'ana@exemplo.com', whatsapp: '91 99999-0000', instagram: null, role: 'producer' },
      },
      'Portal Pará',
    );
    expect(copy.subject).toBe('Seus dados no Portal Pará');
    expect(copy.text).toContain('Situação: Confirmada');
    expect(copy.text).toContain('Pedido em: 20/11/2026 09:00');
    expect(copy.text).toContain('Cancelado em: —');
    expect(copy.text).toContain('WhatsApp: 91 99999-0000');
    expect(copy.html).toContain('Ana &lt;Souza&gt;');
    expect(copy.html).not.toContain('<Souza>');
  });
  it('says when nothing is held', () => {
    expect(renderDataCopy({ email: 'x@y.co', subscription: null, profile: null }, 'P').text).toContain('Não guardamos nenhum dado ligado a x@y.co.');
  });
});
