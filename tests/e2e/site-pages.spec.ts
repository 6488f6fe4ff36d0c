/** Public site: every route and screen of spec section 2 against the production build. */
import { expect, test } from '@playwright/test';
import { belemYear } from '../../domain/src/dates.ts';
import { comparePtBR } from '../../domain/src/collation.ts';
import { readItems } from '../../directus/scripts/lib/client.ts';
import { adminApi, failOnPageErrors, linkIn, mailFor, signIn } from './support.ts';
import { expectNoAxeViolations, publishedNews, unpublishedNews } from './site-support.ts';

test.describe('home', () => {
  test('shows the header, latest news, sections, sidebar and footer of the spec', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    // Header
    await expect(page.getByText('URGENTE', { exact: true })).toBeVisible();
    await expect(page.getByText('Última hora: Acompanhe as principais notícias do Pará em tempo real')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link')).toHaveText(['Início', 'Política', 'Economia', 'Cultura', 'Esportes', 'Saúde']);
    await expect(page.getByRole('button', { name: 'Rádio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'TV Web' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(page.getByPlaceholder('Buscar notícias...').first()).toBeVisible();
    // Últimas Notícias: the 6 newest
    const news = await publishedNews();
    const grid = page.getByTestId('latest-grid');
    await expect(grid.getByRole('article')).toHaveCount(6);
    await expect(grid.getByRole('heading')).toHaveText(news.slice(0, 6).map((n) => n.title));
    await expect(grid.getByText(/^(há \d+ \S+|agora mesmo)$/).first()).toBeVisible();
    await expect(grid.getByText(/^Por /).first()).toBeVisible();
    // The demo's "Banner Supermercado Líder" (banner, top: the form's defaults) in the banner slot under the header, no grey placeholder.
    const banner = page.getByRole('complementary', { name: 'Publicidade (faixa do topo)' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Ofertas da semana em todas as lojas' })).toHaveAttribute('href', 'https://example.com/ofertas');
    await expect(page.getByText('Publicidade 728x90')).toHaveCount(0);
    // Sections with "Ver todas"
    for (const [title, slug] of [
      ['Jornalismo', 'politica'],
      ['Esporte', 'esportes'],
      ['Entretenimento', 'cultura'],
      ['Tecnologia', 'tecnologia'],
      ['Meio Ambiente', 'meio-ambiente'],
    ] as const) {
      const section = page.locator(`[data-section="${slug}"]`);
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(section.getByRole('link', { name: /Ver todas/ })).toHaveAttribute('href', `/category/${slug}`);
    }
    expect(await page.locator('[data-section="politica"] article').count()).toBeLessThanOrEqual(7);
    expect(await page.locator('[data-section="esportes"] article').count()).toBeLessThanOrEqual(6);
    expect(await page.locator('[data-section="cultura"] article').count()).toBeLessThanOrEqual(9);
    expect(await page.locator('[data-section="tecnologia"] article').count()).toBeLessThanOrEqual(8);
    // Featured carousel
    const carousel = page.getByRole('region', { name: 'Notícias em destaque' });
    // Featured flags are read from the build (another spec rebuilds with none featured).
    const slides = await carousel.locator('[aria-roledescription="slide"]').count();
    expect(slides).toBeGreaterThan(0);
    expect(slides).toBeLessThanOrEqual(5);
    const active = carousel.locator('[data-active="true"]');
    await expect(active.getByText('DESTAQUE')).toBeVisible();
    const href = await active.getByRole('link', { name: /Leia mais/ }).getAttribute('href');
    expect(news.map((n) => `/news/${n.slug}`)).toContain(href);
    // Sidebar
    // Only true states (issue #34): no "ON AIR" on a radio nobody plays.
    await expect(page.getByRole('heading', { name: 'Rádio Web' })).toBeVisible();
    await expect(page.getByText('ON AIR')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Mais Lidas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mais Tops' })).toBeVisible();
    await expect(page.locator('[data-ranking="views"] li')).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Eventos do Mês' })).toBeVisible();
    // Footer
    const footer = page.locator('footer');
    await expect(footer.getByRole('button', { name: 'Inscrever' })).toBeVisible();
    for (const h of ['Categorias', 'Institucional', 'Multimídia']) await expect(footer.getByRole('heading', { name: h })).toBeVisible();
    await expect(footer.getByText('Belém, Pará - Brasil')).toBeVisible();
    await expect(footer.getByText(`© ${belemYear(new Date())} `)).toBeVisible();
    await expectNoAxeViolations(page);
    noErrors();
  });

  test('the municipality dropdown filters the latest news without a page reload', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    const municipalities = await adminApi().request(readItems('municipalities', { fields: ['name'], limit: -1 }));
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Filtrar por município' });
    await expect(select).toBeEnabled();
    await expect(select.locator('option')).toHaveCount(municipalities.length + 1);
    await expect(select.locator('option').first()).toHaveText('Todos os Municípios');
    // pt-BR order, not the database's byte order ("Belterra" before "Belém").
    const names = (await select.locator('option').allTextContents()).slice(1);
    expect(names).toEqual([...names].sort(comparePtBR));
    expect(names.indexOf('Belém')).toBeLessThan(names.indexOf('Belterra'));
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await select.selectOption({ label: 'Marabá' });
    const grid = page.getByTestId('latest-grid');
    await expect(grid.getByRole('article').first()).toBeVisible();
    const badges = await grid.locator('.badge-municipality').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['Marabá']));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await select.selectOption({ label: 'Todos os Municípios' });
    await expect(grid.getByRole('article')).toHaveCount(6);
    noErrors();
  });

  test('the featured carousel advances by itself and by hand', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Notícias em destaque' });
    const activeTitle = carousel.locator('[data-active="true"] h2');
    const first = await activeTitle.textContent();
    await expect(activeTitle).not.toHaveText(first!, { timeout: 7000 });
    await carousel.getByRole('button', { name: 'Ir para o destaque 1' }).click();
    await expect(activeTitle).toHaveText(first!);
    await carousel.getByRole('button', { name: 'Destaque anterior' }).click();
    await expect(activeTitle).not.toHaveText(first!);
  });

  test('"Eventos do Mês" is right after the month turns', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2031-03-10T12:00:00-03:00'));
    await page.goto('/');
    await expect(page.getByText('Nenhum evento programado para este mês.')).toBeVisible();
  });

  // The rankings' empty text and "Sem imagem" rows are rendering states: live.test.ts (jsdom) covers them;
  // the shared data here never makes the real rankings empty.
});

test.describe('article', () => {
  test('shows the article of the spec with related news and a back button', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    await page.goto('/');
    const href = await page
      .locator('[data-active="true"]')
      .getByRole('link', { name: /Leia mais/ })
      .getAttribute('href');
    const n = (await publishedNews()).find((x) => `/news/${x.slug}` === href);
    await page.goto(href!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(n!.title);
    if (n!.summary) await expect(page.getByText(n!.summary).first()).toBeVisible();
    const article = page.locator('article[data-news-id]');
    await expect(article.getByText('DESTAQUE')).toBeVisible();
    await expect(article.getByText(/^Por /)).toBeVisible();
    await expect(page.getByTestId('like-button')).toHaveText(/^(TOP|1 TOP|\d+ TOPs)$/);
    await expect(page.getByRole('button', { name: 'Compartilhar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
    const related = page.getByRole('region', { name: 'Notícias Relacionadas' });
    const count = await related.getByRole('article').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
    await expect(article.locator('figure img')).toHaveAttribute('srcset', /key=w800h450 800w/);
    await expectNoAxeViolations(page);
    noErrors();
  });

  test('related news published after the page was built reach it from its list\'s related.json (issue #8)', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    const n = (await publishedNews()).at(-1)!;
    // The page as built: the related grid and the documents it is kept current from.
    const first = await page.request.get(`/news/${n.slug}`);
    const sources = /data-related-from="([^"]*)"/.exec(await first.text())![1]!.split(' ').filter(Boolean);
    expect(sources.length).toBeGreaterThan(0);
    const real = (await (await page.request.get(sources[0]!)).json()) as { items: Array<{ id: string; publishedAt: string; html: string }> };
    expect(real.items.length).toBeGreaterThan(0);
    // A story published since the build: the list's document now starts with it.
    const card = '<article data-testid="newer-card"><h3>Publicada depois do build</h3></article>';
    await page.route(`**${sources[0]}`, (route) =>
      route.fulfill({ json: { items: [{ id: 'newer', publishedAt: new Date().toISOString(), html: card }, ...real.items] } }),
    );
    await page.goto(`/news/${n.slug}`);
    const related = page.getByRole('region', { name: 'Notícias Relacionadas' });
    await expect(related.getByRole('article').first()).toHaveAttribute('data-testid', 'newer-card');
    expect(await related.getByRole('article').count()).toBeLessThanOrEqual(6);
    await expect(related.locator('[data-related-grid]')).not.toContainText(n.title);
    noErrors();
  });

  test('an unknown slug shows "Notícia não encontrada", a toast, then goes home', async ({ page }) => {
    // The page's own clock held: the checks (axe included) run on the page, not while it is already going home.
    await page.clock.install();
    const res = await page.goto('/news/esta-noticia-nao-existe');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Notícia não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar à página inicial' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('alert')).toContainText('Notícia não encontrada');
    await expectNoAxeViolations(page);
    // Its three seconds pass: home.
    await page.clock.runFor(3000);
    await expect(page).toHaveURL(/\/$/);
  });

  test('a news that is not published is not found', async ({ page }) => {
    const draft = await unpublishedNews();
    const res = await page.goto(`/news/${draft.slug}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Notícia não encontrada' })).toBeVisible();
  });
});

test.describe('category and other routes', () => {
  test('category page: the category’s own name (with its accents) and up to 10 cards', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    await page.goto('/category/meio-ambiente');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meio Ambiente');
    const cards = page.locator('main article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(10);
    await expect(cards.locator('.badge-category').first()).toHaveText('Meio Ambiente');
    await expectNoAxeViolations(page);
    // Not a title made from the address: "Saúde", not "Saude" (issue #34, item 11).
    await page.goto('/category/saude');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saúde');
    noErrors();
  });

  test('mobile menu lists the 7 categories', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await page.getByLabel('Menu', { exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Menu de categorias' });
    await expect(menu.getByRole('link')).toHaveText(['Início', 'Política', 'Economia', 'Cultura', 'Esportes', 'Saúde', 'Educação', 'Meio Ambiente']);
    await expectNoAxeViolations(page);
  });

  test('any other path shows "Oops! Page not found" with a link home', async ({ page }) => {
    const res = await page.goto('/pagina/que-nao-existe');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  test('radio dialog: clock ticking, weather for Belém, "Fora do ar" with no stream (never a fake "No ar")', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Rádio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rádio Web' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Fora do ar')).toBeVisible();
    await expect(dialog.getByText(/^Belém: (2[5-9]|3[0-4])°C, céu limpo$/)).toBeVisible();
    const clock = dialog.getByTestId('radio-clock');
    await expect(clock).toHaveText(/^\d\d:\d\d:\d\d$/);
    const t0 = await clock.textContent();
    await expect(clock).not.toHaveText(t0!, { timeout: 2500 });
    // The suite configures no stream: nothing can play, so nothing says it does.
    await expect(dialog.getByRole('button', { name: 'Tocar' })).toBeDisabled();
    await expect(dialog.getByText('Transmissão indisponível no momento')).toBeVisible();
    await expect(dialog.getByText('No ar', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    noErrors();
  });

  test('TV dialog: no live address, no "AO VIVO" and no audience; 3 programs, YouTube link in a new tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'TV Web' }).click();
    const dialog = page.getByRole('dialog', { name: 'TV Web' });
    await expect(dialog.getByText('Nenhuma transmissão ao vivo no momento')).toBeVisible();
    await expect(dialog.getByText('AO VIVO', { exact: true })).toHaveCount(0);
    await expect(dialog.getByText(/assistindo/)).toHaveCount(0);
    await expect(dialog.locator('li')).toHaveCount(3);
    const link = dialog.getByRole('link', { name: 'Ver canal completo no YouTube' });
    await expect(link).toHaveAttribute('href', 'https://www.youtube.com/@portalpara');
    await expect(link).toHaveAttribute('target', '_blank');
  });
});

test.describe('header session', () => {
  test('signed-in staff see Admin and Sair instead of Login; Sair ends the session on the server too', async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByText('Você foi desconectado com sucesso.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect((await logout).ok()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
    // The httpOnly session cookie is gone with it: the admin asks to sign in again.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe('privacy page', () => {
  test('the footer leads to what is recorded about readers, for how long and how to ask (LGPD)', async ({ page }) => {
    const noErrors = failOnPageErrors(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Institucional' }).getByRole('link', { name: 'Política de Privacidade' }).click();
    await expect(page).toHaveURL(/\/privacidade$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Política de Privacidade');
    const text = page.locator('article');
    await expect(text).toContainText('cada registro de leitura é apagado após 90 dias');
    await expect(text).toContainText('o endereço IP em si não é gravado');
    await expect(text.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expectNoAxeViolations(page);
    // LGPD art. 18: a copy, confirmed from the mailed link.
    const email = `titular-${Date.now()}@exemplo.com.br`;
    const form = page.getByRole('form', { name: 'Pedido sobre seus dados' });
    await form.getByLabel('Seu e-mail').fill(email);
    await form.getByLabel('Receber uma cópia dos meus dados').check();
    await form.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(form.getByText('Enviamos um e-mail para confirmar o pedido. O link vale por 24 horas.')).toBeVisible();
    noErrors();
    await page.goto(linkIn(await mailFor(email), 'Receber a cópia'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cópia enviada');
    await expect.poll(async () => (await mailFor(email)).subject).toBe('Seus dados no Portal Pará');
    expect((await mailFor(email)).text).toContain(`Não guardamos nenhum dado ligado a ${email}.`);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home, category and article are readable', async ({ page }) => {
    const [n] = await publishedNews();
    await page.goto('/');
    await expect(page.getByTestId('latest-grid').getByRole('article')).toHaveCount(6);
    await page.goto('/category/politica');
    await expect(page.locator('main article').first()).toBeVisible();
    await page.goto(`/news/${n!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(n!.title);
    await expect(page.locator('.prose-article')).not.toBeEmpty();
  });
});
