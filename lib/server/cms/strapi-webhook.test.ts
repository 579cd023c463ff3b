import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const revalidated: [string, unknown][] = [];
vi.mock('next/cache', () => ({ revalidateTag: (tag: string, profile: unknown) => revalidated.push([tag, profile]) }));

const { handleStrapiWebhook, tagsForEvent } = await import('./strapi-webhook');
const { setTagPublisher } = await import('../cache/tags');

const published: string[][] = [];

describe('CMS webhook (revalidate on publish)', () => {
  beforeEach(() => {
    revalidated.length = 0;
    published.length = 0;
    setTagPublisher(async (tags) => void published.push(tags));
    vi.stubEnv('REVALIDATE_SECRET', 'a-long-enough-test-secret');
  });
  afterEach(() => {
    setTagPublisher(null);
    vi.unstubAllEnvs();
  });

  it('maps each content type to the tags its pages read', () => {
    expect(tagsForEvent({ event: 'entry.publish', uid: 'api::menu.menu' })).toEqual(['cms:menu']);
    expect(tagsForEvent({ event: 'entry.update', uid: 'api::sub-menu.sub-menu' })).toEqual(['cms:menu']);
    expect(tagsForEvent({ event: 'entry.update', model: 'faq' })).toEqual(['cms:faqs']);
    expect(tagsForEvent({ event: 'media.update', media: {} })).toEqual(['cms']);
    expect(tagsForEvent({ event: 'entry.create', uid: 'api::unknown.unknown' })).toEqual(['cms']);
    expect(tagsForEvent(null)).toEqual(['cms']);
  });

  it('expires the tags at once with the right secret', () => {
    const body = JSON.stringify({ event: 'entry.publish', uid: 'api::news-article.news-article', entry: { id: 1 } });
    expect(handleStrapiWebhook(body, 'Bearer a-long-enough-test-secret')).toEqual({ tags: ['cms:news'] });
    expect(revalidated).toEqual([['cms:news', { expire: 0 }]]);
    // Every instance hears it on the bus.
    expect(published).toEqual([['cms', 'cms:news']]);
  });

  it('expires what an instance’s own server asks for there, and publishes nothing again', () => {
    const ask = (tags: unknown) => handleStrapiWebhook(JSON.stringify({ event: 'll.instance-revalidate', tags }), 'Bearer a-long-enough-test-secret');
    // The bus carries `cms` with each content type's tags: the types' tags are what changed.
    expect(ask(['cms', 'cms:menu'])).toEqual({ tags: ['cms:menu'] });
    // `cms` alone (a media event): every CMS reply.
    expect(ask(['cms'])).toEqual({ tags: ['cms'] });
    // Nothing but CMS tags.
    expect(ask(['race:1', 'cms:news', 12])).toEqual({ tags: ['cms:news'] });
    expect(ask('cms')).toEqual({ tags: [] });
    expect(revalidated).toEqual([
      ['cms:menu', { expire: 0 }],
      ['cms', { expire: 0 }],
      ['cms:news', { expire: 0 }],
    ]);
    expect(published).toEqual([]);
    expect(() => handleStrapiWebhook(JSON.stringify({ event: 'll.instance-revalidate', tags: ['cms'] }), 'Bearer wrong')).toThrowError(expect.objectContaining({ code: 'unauthorized' }));
  });

  it('refuses a missing or wrong secret with 401 and revalidates nothing', () => {
    for (const header of [null, 'Bearer wrong', 'Basic a-long-enough-test-secret', 'Bearer a-long-enough-test-secreT']) {
      expect(() => handleStrapiWebhook('{}', header)).toThrowError(expect.objectContaining({ code: 'unauthorized', status: 401 }));
    }
    expect(revalidated).toEqual([]);
  });

  it('answers 400 for a body that is not JSON', () => {
    expect(() => handleStrapiWebhook('{not json', 'Bearer a-long-enough-test-secret')).toThrowError(expect.objectContaining({ code: 'invalid_json' }));
  });
});
