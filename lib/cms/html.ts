/**
 * Rich text from the CMS is sanitised with sanitize-html before it is rendered. Relative
 * image sources get the content service address prefixed (spec §5), here the site's own
 * `/ll/uploads` proxy so browsers never need to reach the CMS directly.
 */
import sanitizeHtml from 'sanitize-html';
import { mediaUrl } from './client';

/** Safe HTML for `dangerouslySetInnerHTML`; empty string for null. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      img: ['src', 'alt', 'width', 'height', 'loading'],
      a: ['href', 'name', 'target', 'rel'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: {
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, src: /^https?:\/\//.test(attribs.src ?? '') ? attribs.src : (mediaUrl(attribs.src) ?? ''), loading: 'lazy' },
      }),
      a: (tagName, attribs) =>
        attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
    },
  });
}
