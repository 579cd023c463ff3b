/**
 * The content pages' pure parts (spec §2 Static pages): the FAQ search (accents, case, the
 * answer's text not its tags), paging, the lenient schemas, file sizes and formats, ids and
 * links; and the fetchers' requests and fallbacks with the CMS client replaced.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  faqSearchText,
  filterFaqs,
  groupByCategory,
  htmlToText,
  lastPage,
  pageWindow,
  parsePage,
  searchKey,
  searchTerms,
  type FaqEntry,
} from '../contracts/content';
import { cmsGet } from './client';
import {
  cmsDocumentSchema,
  documentDate,
  fileFormat,
  findSimplePage,
  formatFileSize,
  getDocuments,
  getFaqs,
  getNewsArticle,
  getNewsArticles,
  getPresentation,
  getSimplePages,
  newestFirst,
  newsArticleSchema,
  parseEntries,
  parsePresentationRef,
  presentationSchema,
  sponsorLink,
} from './content';
import { sanitizeRichText } from './html';

vi.mock('./client', () => ({
  cmsGet: vi.fn(),
  mediaUrl: (url: string | null | undefined) => (url ? `/ll${url}` : null),
}));

const get = vi.mocked(cmsGet);

const faq = (id: number, question: string, answerHtml: string, category: string | null = null): FaqEntry => ({ id, question, answerHtml, category });

describe('FAQ search', () => {
  const faqs = [
    faq(1, 'Quelle est la règle du drapeau jaune ?', '<p>Aucun dépassement.</p>', 'Course'),
    faq(2, 'Faut-il un casque ?', '<p>Oui, selon le <strong>RÈGLEMENT</strong> de la FMQR.</p>', 'Équipement'),
    faq(3, 'Comment s’inscrire ?', '<p>En ligne, avant la fermeture.</p>', 'Inscription'),
    faq(4, 'Where is the strong wind?', '<p>Outside.</p>'),
  ];

  it('ignores accents and case, in questions and in answers', () => {
    expect(filterFaqs(faqs, 'regle').map((f) => f.id)).toEqual([1, 2]);
    expect(filterFaqs(faqs, 'RÈGLE').map((f) => f.id)).toEqual([1, 2]);
    expect(filterFaqs(faqs, 'depassement').map((f) => f.id)).toEqual([1]);
  });

  it('searches the answer’s text, not its tags or attributes', () => {
    expect(filterFaqs([faq(9, 'Casque', '<p class="note"><strong>Oui</strong></p>')], 'strong')).toEqual([]);
    expect(filterFaqs([faq(9, 'Casque', '<p class="note">Oui</p>')], 'note')).toEqual([]);
    expect(filterFaqs(faqs, 'strong').map((f) => f.id)).toEqual([4]);
  });

  it('needs every word, anywhere; a blank search keeps every FAQ in order', () => {
    expect(filterFaqs(faqs, 'casque fmqr').map((f) => f.id)).toEqual([2]);
    expect(filterFaqs(faqs, 'casque jaune')).toEqual([]);
    expect(filterFaqs(faqs, '   ').map((f) => f.id)).toEqual([1, 2, 3, 4]);
  });

  it('uses precomputed texts when given', () => {
    const texts = faqs.map(faqSearchText);
    expect(filterFaqs(faqs, 'inscrire', texts).map((f) => f.id)).toEqual([3]);
  });

  it('finds a word the CMS wrote with a character reference, once sanitised', () => {
    const answer = sanitizeRichText('<p>La r&egrave;gle 4 &amp; la <em>r&#232;gle</em> 5</p>', 'fr');
    expect(filterFaqs([faq(1, 'Drapeaux', answer)], 'regle 4').map((f) => f.id)).toEqual([1]);
  });

  it('turns HTML into searchable text', () => {
    expect(htmlToText('<p>A&amp;B&nbsp;&lt;c&gt; &#233;t&#xE9;</p><script>x()</script><p>fin</p>')).toBe('A&B <c> été fin');
    expect(htmlToText('&unknown; &#0;')).toBe('&unknown; &#0;');
    expect(searchKey('  Règle   N°1 ')).toBe('regle n°1');
    expect(searchTerms('Zoë  Ünal')).toEqual(['zoe', 'unal']);
    expect(searchTerms('x'.repeat(80))[0]).toHaveLength(50);
  });

  it('groups by category in the order of the first FAQ of each', () => {
    const groups = groupByCategory([faq(1, 'a', '', 'B'), faq(2, 'b', '', null), faq(3, 'c', '', 'B'), faq(4, 'd', '', ' ')]);
    expect(groups.map((g) => [g.category, g.items.map((f) => f.id)])).toEqual([
      ['B', [1, 3]],
      [null, [2, 4]],
    ]);
  });
});

describe('news paging', () => {
  it('reads ?page= as a plain whole number from 1, else page 1', () => {
    expect(parsePage('3')).toBe(3);
    for (const raw of [undefined, '', '0', '-1', '2.5', 'abc', '01', ' 2', '9999999', ['2', '3']]) expect(parsePage(raw as string), String(raw)).toBe(1);
  });

  it('counts at least one page', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });

  it('shows the first, the last and the neighbours of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 12)).toEqual([1, null, 4, 5, 6, null, 12]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
  });

  it('sorts newest first, undated last, then the newest entry first', () => {
    const items = [
      { id: 1, PublishedDate: '2026-01-05' },
      { id: 2, PublishedDate: null },
      { id: 3, PublishedDate: '2026-05-12' },
      { id: 4, PublishedDate: '2026-01-05' },
    ];
    expect([...items].sort(newestFirst).map((a) => a.id)).toEqual([3, 4, 1, 2]);
  });
});

describe('lenient schemas', () => {
  it('keeps an article with a broken image or date, drops one without a slug or title', () => {
    const parsed = newsArticleSchema.parse({ id: 1, Title: 'Opening', Slug: 'opening', Image: { url: 5 }, PublishedDate: '2026-05-12T10:00:00.000Z', Extra: 1 });
    expect(parsed).toMatchObject({ Image: null, PublishedDate: '2026-05-12', Summary: null, documentId: null });
    expect(newsArticleSchema.parse({ id: 1, Title: 'x', Slug: 'x', PublishedDate: 'soon' }).PublishedDate).toBeNull();
    expect(newsArticleSchema.safeParse({ id: 1, Title: 'x', Slug: 'a b' }).success).toBe(false);
    expect(newsArticleSchema.safeParse({ id: 1, Title: '  ', Slug: 'x' }).success).toBe(false);
  });

  it('reads an unknown document type as other, and a file’s size in KB', () => {
    const doc = cmsDocumentSchema.parse({ id: 1, Title: 'Form', Type: 'memo', File: { url: '/uploads/f.pdf', size: 182.35, ext: '.pdf' }, updatedAt: '2026-03-01T12:00:00Z' });
    expect(doc).toMatchObject({ Type: 'other', Date: null, updatedAt: '2026-03-01', File: { size: 182.35, name: null } });
    expect(documentDate(doc)).toBe('2026-03-01');
    expect(documentDate({ ...doc, Date: '2026-02-01' })).toBe('2026-02-01');
    expect(cmsDocumentSchema.parse({ id: 2, Title: 'No file', File: { size: 3 } }).File).toBeNull();
  });

  it('keeps a presentation’s good images only', () => {
    const p = presentationSchema.parse({ id: 1, Title: 'Season', Images: [{ url: '/uploads/a.jpg', width: 800, height: 600 }, { nope: true }] });
    expect(p.Images.map((i) => i.url)).toEqual(['/uploads/a.jpg']);
    expect(presentationSchema.parse({ id: 2, Title: 'Empty', Images: 'x' }).Images).toEqual([]);
  });

  it('drops malformed entries of a list, and answers null without a list', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseEntries('news article', newsArticleSchema, [{ id: 1, Title: 'A', Slug: 'a' }, { id: 2 }])).toHaveLength(1);
    expect(parseEntries('news article', newsArticleSchema, null)).toBeNull();
    expect(parseEntries('news article', newsArticleSchema, { id: 1 })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('files, ids and links', () => {
  it('names a file’s format', () => {
    expect(fileFormat({ ext: '.pdf', name: null, url: '/uploads/x', mime: null })).toBe('PDF');
    expect(fileFormat({ ext: null, name: 'Form 2026.docx', url: '/uploads/x', mime: null })).toBe('DOCX');
    expect(fileFormat({ ext: null, name: null, url: '/uploads/rules_ab12.pdf?v=1', mime: null })).toBe('PDF');
    expect(fileFormat({ ext: null, name: null, url: '/uploads/x', mime: 'application/pdf' })).toBe('PDF');
    expect(fileFormat({ ext: null, name: '.hidden', url: '/uploads/x', mime: 'application/vnd.ms-excel' })).toBeNull();
  });

  it('writes a size in KB or MB in the page’s language', () => {
    const en = { kb: 'KB', mb: 'MB' };
    const fr = { kb: 'Ko', mb: 'Mo' };
    expect(formatFileSize(182.35, 'en', en)).toBe('182\u00a0KB');
    expect(formatFileSize(0.2, 'en', en)).toBe('1\u00a0KB');
    expect(formatFileSize(1228.8, 'fr', fr)).toBe('1,2\u00a0Mo');
    expect(formatFileSize(2560, 'en', en)).toBe('2.5\u00a0MB');
  });

  it('accepts a numeric id or a documentId for a presentation', () => {
    expect(parsePresentationRef('12')).toEqual({ id: 12 });
    expect(parsePresentationRef('a1b2c3d4e5f6g7h8i9j0k1l2')).toEqual({ documentId: 'a1b2c3d4e5f6g7h8i9j0k1l2' });
    for (const bad of ['0', '012', '-1', '1.5', '99999999999', '9'.repeat(24), 'short', 'A1B2C3D4E5F6G7H8I9J0K1L2', 'a1b2c3d4e5f6g7h8-9j0k1l2', '']) {
      expect(parsePresentationRef(bad), bad).toBeNull();
    }
  });

  it('tells site paths from other sites, and refuses other schemes', () => {
    expect(sponsorLink('/series')).toEqual({ kind: 'site', href: '/series' });
    expect(sponsorLink('https://summit.example/tires')).toEqual({ kind: 'external', href: 'https://summit.example/tires' });
    expect(sponsorLink('www.summit.example')).toEqual({ kind: 'external', href: 'https://www.summit.example' });
    for (const bad of [null, '', '  ', '//evil.example', 'javascript:alert(1)', 'mailto:x@y.z']) expect(sponsorLink(bad), String(bad)).toBeNull();
  });
});

describe('fetchers', () => {
  beforeEach(() => {
    get.mockReset();
  });

  it('ask the CMS in the content locale, tagged, and sort the news newest first', async () => {
    get.mockResolvedValue([
      { id: 1, Title: 'Old', Slug: 'old', PublishedDate: '2025-04-01' },
      { id: 2, Title: 'New', Slug: 'new', PublishedDate: '2026-05-12' },
    ]);
    const list = await getNewsArticles('fr');
    expect(list?.map((a) => a.Slug)).toEqual(['new', 'old']);
    const [path, tags] = get.mock.calls[0];
    expect(path).toMatch(/^\/api\/news-articles\?/);
    expect(path).toContain('locale=fr-CA');
    expect(path).toContain('populate[0]=Image');
    expect(tags).toEqual(['cms:news']);
  });

  it('answer null when the CMS does not answer, [] when it has nothing', async () => {
    get.mockResolvedValue(null);
    expect(await getNewsArticles('en')).toBeNull();
    expect(await getFaqs('en')).toBeNull();
    expect(await getDocuments('es')).toBeNull();
    expect(await findSimplePage('en', 'rulebook')).toBe('unavailable');
    get.mockResolvedValue([]);
    expect(await getFaqs('en')).toEqual([]);
    expect(await findSimplePage('en', 'rulebook')).toBe('missing');
  });

  it('sort FAQs and documents by sort_order, entries without one last', async () => {
    get.mockResolvedValue([
      { id: 1, Question: 'b?', sort_order: null },
      { id: 2, Question: 'a?', sort_order: 2 },
      { id: 3, Question: 'c?', sort_order: 1 },
    ]);
    expect((await getFaqs('en'))?.map((f) => f.id)).toEqual([3, 2, 1]);
    get.mockResolvedValue([
      { id: 1, Title: 'Old form', Type: 'form', Date: '2024-01-01' },
      { id: 2, Title: 'New form', Type: 'form', Date: '2026-01-01' },
      { id: 3, Title: 'Rulebook', Type: 'rulebook', sort_order: 1 },
    ]);
    expect((await getDocuments('en'))?.map((d) => d.id)).toEqual([3, 2, 1]);
  });

  it('find a simple page by its SeoLink; a malformed one never reaches the CMS', async () => {
    get.mockResolvedValue([
      { id: 1, SeoLink: 'privacy', Title: 'Privacy policy' },
      { id: 2, SeoLink: 'rulebook', Title: 'Rulebook' },
    ]);
    expect(await findSimplePage('en', 'rulebook')).toMatchObject({ id: 2 });
    expect(await findSimplePage('en', 'Rulebook')).toBe('missing');
    expect((await getSimplePages('en'))?.map((p) => p.SeoLink)).toEqual(['privacy', 'rulebook']);
    get.mockClear();
    expect(await findSimplePage('en', '../admin')).toBe('missing');
    expect(get).not.toHaveBeenCalled();
  });

  it('follow a news slug of another language to this language’s version', async () => {
    get.mockImplementation(async (path: string) => {
      // The lists (cached per language) hold every slug; only a known article is fetched on its own.
      if (path.startsWith('/api/news-articles?fields') && path.includes('locale=en')) return [{ id: 5, documentId: 'doc5', Title: 'Season opener', Slug: 'season-opener' }];
      if (path.includes('filters[Slug]')) throw new Error(`a slug must not reach the CMS: ${path}`);
      if (path.includes('filters[documentId][$eq]=doc5') && path.includes('locale=fr-CA')) return [{ id: 6, documentId: 'doc5', Title: 'Ouverture', Slug: 'ouverture-de-la-saison' }];
      return [];
    });
    expect(await getNewsArticle('fr', 'season-opener')).toMatchObject({ Slug: 'ouverture-de-la-saison' });
    expect(await getNewsArticle('fr', 'nothing-here')).toBe('missing');
    expect(await getNewsArticle('fr', 'bad slug')).toBe('missing');
  });

  it('find a presentation by this language’s id, else the English entry’s id', async () => {
    get.mockImplementation(async (path: string) => {
      // Only the cached lists are asked, never one id at a time.
      if (path.includes('filters[')) throw new Error(`an id must not reach the CMS: ${path}`);
      if (path.includes('locale=en')) return [{ id: 3, documentId: 'p3', Title: 'Season' }];
      if (path.includes('locale=es')) return [{ id: 9, documentId: 'p3', Title: 'Temporada' }];
      return [];
    });
    expect(await getPresentation('es', { id: 3 })).toMatchObject({ Title: 'Temporada' });
    expect(await getPresentation('en', { id: 4 })).toBe('missing');
    get.mockResolvedValue(null);
    expect(await getPresentation('en', { documentId: 'p3' })).toBe('unavailable');
  });
});
