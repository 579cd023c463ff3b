/**
 * Rich text from the CMS is sanitised with sanitize-html before it is rendered. Relative
 * image sources get the content service address prefixed (spec §5), here the site's own
 * `/ll/uploads` proxy so browsers never need to reach the CMS directly.
 */
import sanitizeHtml from 'sanitize-html';
import { BASE_PATH, DEFAULT_LOCALE, localizedPath, type Locale } from '../i18n/routing';
import { mediaUrl } from './client';

/**
 * A site-relative link from the CMS (`/results/1`) gets the base path and, when the page is
 * not in the default language, the language prefix (spec §2: band links get the prefix).
 */
export function siteHref(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//') || href === BASE_PATH || href.startsWith(`${BASE_PATH}/`)) return href;
  return `${BASE_PATH}${localizedPath(locale, href)}`;
}

/** Safe HTML for `dangerouslySetInnerHTML`, links made site-relative for `locale`; '' for null. */
export function sanitizeRichText(html: string | null | undefined, locale: Locale = DEFAULT_LOCALE): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      img: ['src', 'alt', 'width', 'height', 'loading'],
      a: ['href', 'name', 'target', 'rel'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, src: /^https?:\/\//.test(attribs.src ?? '') ? attribs.src : (mediaUrl(attribs.src) ?? ''), loading: 'lazy' },
      }),
      a: (tagName, attribs) => {
        const out = { ...attribs };
        if (out.href) out.href = siteHref(out.href, locale);
        if (out.target === '_blank') out.rel = 'noopener noreferrer';
        return { tagName, attribs: out };
      },
    },
  });
}
