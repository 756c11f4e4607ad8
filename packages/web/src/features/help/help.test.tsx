import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HelpCategory, HelpDocument, HelpDocumentItem } from '@portal/contract';
import HelpDocumentPage from '../../pages/console/help-document-page';
import HelpPage from '../../pages/console/help-page';
import { PageHeader } from '../../app/layouts/console/page-header';
import { AppProviders } from '../../app/providers';
import { i18n } from '../../i18n/i18n';
import { resetApiClient } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query';
import { saveTokens } from '../../lib/token-store';
import { fail, installFakeFetch, ok } from '../../test/fake-fetch';
import type { FakeCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { HelpMarkdown, safeUrl } from './help-markdown';

const url = (call: FakeCall) => new URL(call.url, 'http://x');
const path = (call: FakeCall) => url(call).pathname.replace('/api/v1/portal', '');

const CATEGORIES: HelpCategory[] = [
  { id: 1, slug: 'clients', name: '客户端配置', document_count: 2 },
  { id: 2, slug: 'troubleshooting', name: '故障排查', document_count: 1 },
];

function item(overrides: Partial<HelpDocumentItem> = {}): HelpDocumentItem {
  return {
    id: 11,
    slug: 'windows-v2rayn',
    category_id: 1,
    category_name: '客户端配置',
    title: 'Windows：使用 v2rayN',
    summary: '下载 v2rayN，添加订阅分组。',
    platform: 'windows',
    views: 120,
    rating: 4.5,
    rating_count: 2,
    updated_at: '2026-01-05T08:00:00Z',
    ...overrides,
  };
}

const ITEMS = [
  item(),
  item({
    id: 12,
    slug: 'ios-shadowrocket',
    title: 'iOS：使用 Shadowrocket',
    platform: 'ios',
    rating: null,
    rating_count: 0,
  }),
  item({
    id: 13,
    slug: 'cannot-connect',
    title: '无法连接怎么办',
    category_id: 2,
    category_name: '故障排查',
    platform: null,
    views: 0,
    rating: null,
    rating_count: 0,
  }),
];

function helpDoc(overrides: Partial<HelpDocument> = {}): HelpDocument {
  return {
    ...item(),
    locale: 'zh_CN',
    content:
      '## 安装\n\n1. 打开 [订阅链接](/subscription/link) 页面。\n2. 复制链接。\n\n```\nv2rayN.exe\n```',
    created_at: '2026-01-01T00:00:00Z',
    my_rating: null,
    related: [ITEMS[1]!, ITEMS[2]!],
    ...overrides,
  };
}

const page = (items: HelpDocumentItem[], p = 1, size = 10) => ({
  items: items.slice((p - 1) * size, p * size),
  total: items.length,
  page: p,
  size,
  pages: Math.ceil(items.length / size),
});

beforeEach(async () => {
  resetApiClient();
  saveTokens('acc', 'ref', true);
  await i18n.changeLanguage('zh_CN');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Markdown of a help document', () => {
  const HOSTILE = [
    '# 指南',
    '',
    '<script>window.__pwned = true</script>',
    '',
    '<img src="x" onerror="window.__pwned = true">',
    '',
    '<a href="javascript:window.__pwned = true">原始链接</a> <iframe src="https://evil.example"></iframe>',
    '',
    '[脚本链接](javascript:window.__pwned=true) [数据链接](data:text/html;base64,PHNjcmlwdD4=) [混淆](<java script:alert(1)>)',
    '',
    '[外部](https://example.com/guide) [站内](/subscription/link) [锚点](#安装)',
    '',
    '![图片](javascript:alert(1)) ![正常图片](https://example.com/a.png)',
    '',
    '**粗体** 和 `行内代码`',
  ].join('\n');

  function renderMarkdown(content: string) {
    return render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <HelpMarkdown content={content} />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it('renders raw HTML and script links inert', () => {
    const { container } = renderMarkdown(HOSTILE);
    const root = screen.getByTestId('help-markdown');
    expect(root.querySelector('script, iframe, [onerror], [onclick]')).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
    // Raw tags are dropped (their text stays plain); Markdown links with unsafe targets keep only their text.
    for (const text of ['原始链接', '脚本链接', '数据链接', '混淆']) {
      expect(within(root).getByText(text).closest('a')?.outerHTML ?? null, text).toBeNull();
    }
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://example.com/guide',
      '/subscription/link',
      `#${encodeURIComponent('安装')}`,
    ]);
    const external = within(root).getByText('外部').closest('a')!;
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toContain('noopener');
    const images = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://example.com/a.png']);
    expect(root.querySelector('strong')?.textContent).toBe('粗体');
    expect(root.querySelector('code')?.textContent).toBe('行内代码');
  });

  it('keeps only http(s) and relative targets', () => {
    expect(safeUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeUrl('/nodes?region=asia')).toBe('/nodes?region=asia');
    expect(safeUrl('#part')).toBe('#part');
    expect(safeUrl('guide/next')).toBe('guide/next');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('java\nscript:alert(1)')).toBeNull();
    expect(safeUrl(' \u0001javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeUrl('vbscript:msgbox')).toBeNull();
    expect(safeUrl('mailto:a@example.com')).toBeNull();
    expect(safeUrl('java%20script:alert(1)')).toBeNull();
    expect(safeUrl('%6Aavascript:alert(1)')).toBeNull();
    expect(safeUrl('/search?q=a%3Ab')).toBe('/search?q=a%3Ab');
    expect(safeUrl('')).toBeNull();
  });
});

describe('help centre page', () => {
  function server(items = ITEMS, { failList = false } = {}) {
    return installFakeFetch((call) => {
      const p = path(call);
      const q = url(call).searchParams;
      if (p === '/help/categories') return ok(CATEGORIES);
      if (p === '/help/documents') {
        if (failList) return fail(500, 50000, '服务器开小差了');
        const search = q.get('search') ?? '';
        const found = items.filter(
          (d) =>
            (!search || d.title.toLowerCase().includes(search.toLowerCase())) &&
            (!q.get('category_id') || d.category_id === Number(q.get('category_id'))) &&
            (!q.get('platform') || d.platform === q.get('platform')),
        );
        return ok(page(found, Number(q.get('page') ?? 1), Number(q.get('size') ?? 10)));
      }
      return fail(404, 40003);
    });
  }
  const listCalls = (calls: FakeCall[]) => calls.filter((c) => path(c) === '/help/documents');
  const renderHelp = (at = '/help') => renderRoutes([{ path: '/help', element: <HelpPage /> }], at);

  it('lists documents with summary, category, platform, views and rating', async () => {
    server();
    renderHelp();
    const cards = await screen.findAllByTestId('help-result');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByText('Windows：使用 v2rayN')).toBeTruthy();
    expect(first.getByText('下载 v2rayN，添加订阅分组。')).toBeTruthy();
    expect(first.getByTestId('help-platform').textContent).toBe('Windows');
    expect(first.getByTestId('help-views').textContent).toBe('120 次浏览');
    expect(first.getByTestId('help-rating').textContent).toBe('4.5 分 · 2 人评分');
    expect(cards[0]!.getAttribute('href')).toBe('/help/11');
    // Only what says something: views without a rating, and nothing for a new document.
    expect(within(cards[1]!).getByTestId('help-views').textContent).toBe('120 次浏览');
    expect(within(cards[1]!).queryByTestId('help-rating')).toBeNull();
    expect(screen.queryByText('暂无评分')).toBeNull();
    expect(within(cards[2]!).queryByTestId('help-stats')).toBeNull();
    expect(within(cards[2]!).queryByTestId('help-platform')).toBeNull();
    expect(screen.getByTestId('help-results-title').textContent).toBe('帮助文档');
    // Categories with their counts in the filter.
    const options = [...screen.getByTestId('help-filter-category').querySelectorAll('option')];
    expect(options.map((o) => o.textContent)).toEqual(['全部分类', '客户端配置（2）', '故障排查（1）']);
  });

  it('searches after typing pauses and keeps the search in the URL', async () => {
    const { calls } = server();
    const { router } = renderHelp();
    await screen.findAllByTestId('help-result');
    fireEvent.change(screen.getByTestId('help-search'), { target: { value: '  shadow' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=shadow'));
    await waitFor(() => expect(screen.getAllByTestId('help-result')).toHaveLength(1));
    expect(screen.getByTestId('help-results-title').textContent).toBe('“shadow”的搜索结果：1 篇');
    // Typing does not send a request per keystroke: one list call for the first page, one for the search.
    expect(listCalls(calls).map((c) => url(c).searchParams.get('search'))).toEqual([null, 'shadow']);
  });

  it('reads search, filters and page from the URL and writes filter changes back', async () => {
    const { calls } = server();
    const { router } = renderHelp('/help?q=v2rayN&platform=windows&category=1');
    await screen.findAllByTestId('help-result');
    expect((screen.getByTestId('help-search') as HTMLInputElement).value).toBe('v2rayN');
    expect(Object.fromEntries(url(listCalls(calls)[0]!).searchParams)).toEqual({
      page: '1',
      size: '10',
      search: 'v2rayN',
      category_id: '1',
      platform: 'windows',
    });
    fireEvent.change(screen.getByTestId('help-filter-platform'), { target: { value: 'ios' } });
    await waitFor(() => expect(router.state.location.search).toContain('platform=ios'));
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    expect(screen.getByText('没有找到相关文档')).toBeTruthy();
    fireEvent.click(screen.getByTestId('help-empty-reset'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByTestId('help-search') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(screen.getAllByTestId('help-result')).toHaveLength(3));
  });

  it('pages through the results', async () => {
    const many = Array.from({ length: 23 }, (_, i) => item({ id: 100 + i, title: `文档 ${i + 1}` }));
    server(many);
    const { router } = renderHelp();
    await screen.findAllByTestId('help-result');
    fireEvent.click(screen.getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() => expect(screen.getAllByTestId('help-result')).toHaveLength(3));
    expect(screen.getByText('文档 21')).toBeTruthy();
  });

  it('says the documents failed to load and retries', async () => {
    let down = true;
    installFakeFetch((call) => {
      if (path(call) === '/help/categories') return ok(CATEGORIES);
      return down ? fail(500, 50000, '服务器开小差了') : ok(page(ITEMS));
    });
    renderHelp();
    const error = await screen.findByTestId('help-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain('文档加载失败，请稍后重试');
    down = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findAllByTestId('help-result')).toHaveLength(3);
  });
});

describe('help document page', () => {
  function server(doc: HelpDocument, rate?: (body: unknown) => ReturnType<typeof ok>) {
    return installFakeFetch((call) => {
      const p = path(call);
      if (p === `/help/documents/${doc.id}` && call.method === 'GET') return ok(doc);
      if (p === `/help/documents/${doc.id}/rating` && call.method === 'POST' && rate) return rate(call.body);
      if (p.startsWith('/help/documents/')) return fail(404, 40702, '帮助文档不存在');
      return fail(404, 40003);
    });
  }
  /** A click on the star itself (the label of its radio input), as a person does. */
  function clickStar(n: number) {
    const radio = screen.getByRole('radio', { name: `${n} 星` });
    fireEvent.click(document.querySelector(`label[for="${radio.id}"]`)!);
  }
  const renderDoc = (id: number | string) =>
    renderRoutes(
      [
        { path: '/help/:documentId', element: <HelpDocumentPage /> },
        { path: '/help', element: <div data-testid="at-help" /> },
      ],
      `/help/${id}`,
    );

  it('renders the document, its figures, related documents and the way back', async () => {
    server(helpDoc());
    renderDoc(11);
    expect((await screen.findByTestId('help-document-title')).textContent).toBe('Windows：使用 v2rayN');
    const body = screen.getByTestId('help-markdown');
    expect(body.querySelector('h2')?.textContent).toBe('安装');
    expect(body.querySelectorAll('ol li')).toHaveLength(2);
    expect(body.querySelector('pre code')?.textContent).toContain('v2rayN.exe');
    expect(within(body).getByText('订阅链接').closest('a')?.getAttribute('href')).toBe('/subscription/link');
    const article = screen.getByTestId('help-document');
    expect(within(article).getByTestId('help-views').textContent).toBe('120 次浏览');
    expect(within(article).getByTestId('help-rating').textContent).toBe('平均 4.5 分 · 2 人评分');
    const related = screen.getAllByTestId('help-related-link');
    expect(related.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['iOS：使用 Shadowrocket', '/help/12'],
      ['无法连接怎么办', '/help/13'],
    ]);
    // The breadcrumb is the one way back (no second back link), to the search the document was opened from.
    expect(screen.queryByTestId('help-back')).toBeNull();
  });

  it('goes back through the breadcrumb to the search it came from', async () => {
    server(helpDoc());
    function AtHelp() {
      return <div data-testid="at-help">{useLocation().search}</div>;
    }
    renderRoutes(
      [
        {
          path: '/help/:documentId',
          element: (
            <>
              <PageHeader />
              <HelpDocumentPage />
            </>
          ),
        },
        { path: '/help', element: <AtHelp /> },
      ],
      { pathname: '/help/11', state: { helpList: 'q=v2ray&platform=windows' } },
    );
    const title = await screen.findByTestId('help-document-title');
    // One h1, the document's own title: the header gives it the breadcrumb, not the help centre's name.
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([title]);
    expect(screen.queryByTestId('page-title')).toBeNull();
    const crumbs = within(screen.getByTestId('breadcrumb'));
    expect(crumbs.getByText('文档').getAttribute('aria-current')).toBe('page');
    fireEvent.click(crumbs.getByRole('link', { name: '帮助中心' }));
    expect((await screen.findByTestId('at-help')).textContent).toBe('?q=v2ray&platform=windows');
  });

  it('rates with stars and feedback, shows the own rating and lets it be changed', async () => {
    const bodies: unknown[] = [];
    const { calls } = server(helpDoc(), (body) => {
      bodies.push(body);
      const b = body as { rating: number; feedback: string | null };
      return ok({
        document_id: 11,
        rating: bodies.length === 1 ? 4.3 : 3.7,
        rating_count: 3,
        my_rating: { rating: b.rating, feedback: b.feedback, rated_at: '2026-01-06T00:00:00Z' },
      });
    });
    renderDoc(11);
    await screen.findByTestId('help-rating-card');
    // Without stars nothing is sent.
    fireEvent.click(screen.getByTestId('help-rate-submit'));
    expect((await screen.findByTestId('help-rate-error')).textContent).toBe('请先选择星级');

    clickStar(4);
    fireEvent.change(screen.getByTestId('help-rate-feedback'), { target: { value: '截图再多一些' } });
    fireEvent.click(screen.getByTestId('help-rate-submit'));
    expect((await screen.findByTestId('help-my-rating')).textContent).toContain('您的评分：4 星');
    expect(bodies[0]).toEqual({ rating: 4, feedback: '截图再多一些' });
    // The average shows once, under the title; the rating card holds only the reader's own stars.
    const card = screen.getByTestId('help-rating-card');
    const article = screen.getByTestId('help-document');
    expect(within(card).queryByTestId('help-rating')).toBeNull();
    expect(within(article).getByTestId('help-rating').textContent).toBe('平均 4.3 分 · 3 人评分');
    expect(within(card).getByTestId('help-rate-submit').textContent).toBe('更新评分');

    // Changing it: the count stays, the average follows the server.
    clickStar(2);
    fireEvent.change(screen.getByTestId('help-rate-feedback'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('help-rate-submit'));
    await waitFor(() => expect(screen.getByTestId('help-my-rating').textContent).toContain('您的评分：2 星'));
    expect(bodies[1]).toEqual({ rating: 2, feedback: null });
    expect(within(article).getByTestId('help-rating').textContent).toBe('平均 3.7 分 · 3 人评分');
    // The document was loaded once: rating does not reload it (a reload would count another view).
    expect(calls.filter((c) => c.method === 'GET' && path(c) === '/help/documents/11')).toHaveLength(1);
  });

  it('shows an earlier rating and the server refusal in the user language', async () => {
    server(helpDoc({ my_rating: { rating: 5, feedback: '很好', rated_at: '2026-01-02T00:00:00Z' } }), () =>
      fail(422, 40004, '数据验证失败，请检查输入', { field: 'body.rating' }),
    );
    renderDoc(11);
    expect((await screen.findByTestId('help-my-rating')).textContent).toContain('您的评分：5 星');
    expect((screen.getByTestId('help-rate-feedback') as HTMLTextAreaElement).value).toBe('很好');
    fireEvent.click(screen.getByTestId('help-rate-submit'));
    expect((await screen.findByTestId('help-rate-error')).textContent).toBe('数据验证失败，请检查输入');
  });

  it('says when a document does not exist', async () => {
    server(helpDoc());
    renderDoc(999);
    expect(await screen.findByText('文档不存在')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('文档不存在');
    renderDoc('abc');
    expect((await screen.findAllByText('文档不存在')).length).toBeGreaterThan(0);
  });
});
