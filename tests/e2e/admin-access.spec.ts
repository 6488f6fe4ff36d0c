/** Sign-in, session, sidebar per role and the spec's denial screens. */
import { expect, test } from '@playwright/test';
import { createUser, deleteUser, readUsers } from '../../directus/scripts/lib/client.ts';
import { adminApi, DEMO, failOnPageErrors, linkIn, mailFor, signIn, signInAs, stackState } from './support.ts';
import { freshTotp } from '../support/totp.ts';
import { arrangeStaff, expectToast, SIDEBAR, sidebar } from './admin-support.ts';

test.describe('sem sessão', () => {
  test('/admin redireciona para /auth', async ({ page }) => {
    await page.goto('/admin/news');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Área Administrativa' })).toBeVisible();
  });

  test('/dashboard mostra acesso negado', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByText('Você precisa estar logado para acessar esta página.')).toBeVisible();
  });

  test('senha errada mostra "Erro no login"', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(DEMO.editor);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectToast(page, 'Erro no login', 'Email ou senha inválidos');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('mostrar/ocultar senha', async ({ page }) => {
    await page.goto('/auth');
    const input = page.getByLabel('Senha', { exact: true });
    await expect(input).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(input).toHaveAttribute('type', 'text');
  });
});

for (const role of ['super_admin', 'editor', 'producer'] as const) {
  test(`${role} vê exatamente a barra lateral da especificação`, async ({ page }) => {
    const check = failOnPageErrors(page);
    await signIn(page, role);
    await expect(sidebar(page).getByRole('link')).toHaveText(SIDEBAR[role]);
    check();
  });
}

test('cabeçalho mostra nome, papel e município; sessão persiste ao recarregar; Sair encerra', async ({ page }) => {
  await signIn(page, 'producer');
  const header = page.getByRole('banner');
  await expect(header.getByText('Joana Tavares')).toBeVisible();
  await expect(header.getByText('Produtor')).toBeVisible();
  await expect(header.getByText('Belém')).toBeVisible();
  await page.reload();
  await expect(header.getByText('Joana Tavares')).toBeVisible();
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await expect(page.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expectToast(page, 'Logout realizado', 'Você foi desconectado com sucesso.');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test.describe('páginas recusadas pelo papel, mesmo pela URL', () => {
  test('produtor em Publicidade e Configurações', async ({ page }) => {
    await signIn(page, 'producer');
    for (const path of ['/admin/ads', '/admin/settings', '/admin/municipalities', '/admin/profiles', '/admin/events', '/admin/radio']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
      await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
    }
  });

  test('produtor em Categorias', async ({ page }) => {
    await signIn(page, 'producer');
    await page.goto('/admin/categories');
    await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await expect(page.getByText('Você não tem permissão para gerenciar categorias.')).toBeVisible();
  });

  test('editor em Publicidade e Configurações', async ({ page }) => {
    await signIn(page, 'editor');
    for (const path of ['/admin/ads', '/admin/settings']) {
      await page.goto(path);
      await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
    }
  });
});

test('verificação em duas etapas: ativar no perfil e entrar com o código', async ({ page }) => {
  const staff = await arrangeStaff('editor');
  try {
    await signInAs(page, staff.email, staff.password);
    await page.goto('/profile');
    await page.getByLabel('Senha atual').fill(staff.password);
    await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const secret = (await page.getByLabel('Chave secreta').textContent())!.trim();
    await page.getByLabel('Código do autenticador').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await expectToast(page, 'Sucesso', 'Verificação em duas etapas ativada');

    await page.getByRole('link', { name: /Voltar ao Dashboard/ }).click();
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Senha', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByLabel('Código de verificação').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin/);
  } finally {
    await adminApi()
      .request(deleteUser(staff.id))
      .catch(() => undefined);
  }
});

test('recuperar senha: o e-mail em português chega, o link leva a /auth e a nova senha entra', async ({ page }) => {
  const email = `esqueceu-${Date.now()}@portal.test`;
  const user = (await adminApi().request(createUser({ email, password: 'senha-antiga-2026', status: 'active', first_name: 'Esque', last_name: 'Ceu' }))) as {
    id: string;
  };
  try {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await expectToast(page, 'Email enviado', 'Verifique seu email para redefinir a senha.');
    const mail = await mailFor(email);
    expect(mail.subject).toBe('Redefinição de senha no Portal Pará');
    expect(mail.html).toContain('Recebemos um pedido para redefinir a senha da sua conta no Portal Pará');
    const link = linkIn(mail, 'Redefinir minha senha');
    expect(link.startsWith(`${stackState().siteUrl}/auth?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-2026');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-2026');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expectToast(page, 'Senha redefinida. Entre com a nova senha.');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-nova-2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  } finally {
    await adminApi()
      .request(deleteUser(user.id))
      .catch(() => undefined);
  }
});

test('link de redefinição inválido mostra erro', async ({ page }) => {
  await page.goto('/auth?token=token-invalido');
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-2026');
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-2026');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expectToast(page, 'Erro');
});

test('cadastro: o e-mail de confirmação chega e o link ativa a conta', async ({ page }) => {
  const email = `leitora-${Date.now()}@portal.test`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByLabel('Nome Completo').fill('Leitora Nova');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-leitora-2026');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectToast(page, 'Cadastro realizado', 'Verifique seu email para confirmar a conta.');
  const mail = await mailFor(email);
  expect(mail.subject).toBe('Confirme seu e-mail no Portal Pará');
  await page.goto(linkIn(mail, 'Confirmar meu e-mail'));
  await expect(page.getByText('E-mail confirmado! Sua conta está ativa.')).toBeVisible();
  const [user] = (await adminApi().request(readUsers({ filter: { email: { _eq: email } }, fields: ['id', 'status'] }))) as Array<{
    id: string;
    status: string;
  }>;
  expect(user!.status).toBe('active');
  // The same link again is refused, clearly.
  await page.goto(linkIn(mail, 'Confirmar meu e-mail'));
  await expect(page.getByText('Link de confirmação inválido, expirado ou já usado.')).toBeVisible();
  await adminApi()
    .request(deleteUser(user!.id))
    .catch(() => undefined);
});

test('conta sem papel da equipe aparece como "Usuário" e não alcança as telas', async ({ page }) => {
  const email = `sem-papel-${Date.now()}@portal.test`;
  const user = (await adminApi().request(createUser({ email, password: 'senha-sem-papel-1', status: 'active', first_name: 'Sem', last_name: 'Papel' }))) as {
    id: string;
  };
  try {
    await page.goto('/auth');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-sem-papel-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('banner').getByText(email)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Usuário', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Acesso Negado' })).toBeVisible();
    await page.goto('/admin/news');
    await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  } finally {
    await adminApi().request(deleteUser(user.id));
  }
});
