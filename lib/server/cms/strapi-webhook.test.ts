import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const revalidated: [string, unknown][] = [];
vi.mock('next/cache', () => ({ revalidateTag: (tag: string, profile: unknown) => revalidated.push([tag, profile]) }));

const { handleStrapiWebhook, tagsForEvent } = await import('./strapi-webhook');

describe('CMS webhook (revalidate on publish)', () => {
  beforeEach(() => {
    revalidated.length = 0;
    vi.stubEnv('REVALIDATE_SECRET', 'a-long-enough-test-secret');
  });
  afterEach(() => vi.unstubAllEnvs());

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
