import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <Dialog open={outer} title="Externo" onClose={() => setOuter(false)}>
      <input aria-label="campo externo" />
      <Dialog open={inner} title="Interno" onClose={() => setInner(false)}>
        <input aria-label="campo interno" />
        <button type="button">último</button>
      </Dialog>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('Escape closes only the innermost dialog', async () => {
    render(<Nested />);
    expect(screen.getByRole('dialog', { name: 'Interno' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Interno' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Externo' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Externo' })).toBeNull();
  });

  it('moves focus inside and keeps Tab there', async () => {
    render(
      <Dialog open title="Foco" onClose={() => {}}>
        <input aria-label="primeiro" />
        <button type="button">último</button>
      </Dialog>,
    );
    expect(screen.getByLabelText('primeiro')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'último' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus();
  });
});
