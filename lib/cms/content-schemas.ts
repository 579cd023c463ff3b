/**
 * zod schemas of the content pages' CMS types (spec §2 Static pages: news, FAQs, documents,
 * presentations, sponsors). Like `schemas.ts` they read Strapi's flattened v5 shape and are
 * lenient: unknown fields are ignored, missing optional fields become null, a malformed
 * optional field (a broken media, a date that is not one) becomes null rather than losing
 * the entry; only what an entry cannot be shown without (a title, a slug, a question) is
 * required.
 */
import { z } from 'zod';
import { DOCUMENT_TYPES } from '../contracts/content';
import { mediaSchema, str } from './schemas';

const int = z.number().int().nullish().catch(null).transform((v) => v ?? null);
const documentId = z.string().nullish().transform((v) => v ?? null);
/** A required, non-blank text. */
const text = z.string().trim().min(1);

/** `YYYY-MM-DD` (a Strapi date, or the date part of a datetime), else null. */
export const isoDate = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(v) ? v.slice(0, 10) : null));

/** An optional media: a broken one is dropped (null), not the entry it belongs to. */
const optionalMedia = mediaSchema.nullish().catch(null).transform((v) => v ?? null);

/** A Strapi upload meant for download: `size` is in KB as Strapi gives it (182.35). */
export const fileSchema = z.object({
  url: z.string().min(1),
  name: str,
  mime: str,
  ext: str,
  size: z.number().nonnegative().nullish().catch(null).transform((v) => v ?? null),
});
export type CmsFile = z.infer<typeof fileSchema>;

/** A Strapi slug (`uid` field): letters, digits and `-_.~`. */
export const SLUG_PATTERN = /^[A-Za-z0-9._~-]{1,200}$/;

export const newsArticleSchema = z.object({
  id: z.number(),
  documentId,
  Title: text,
  Slug: z.string().regex(SLUG_PATTERN),
  Summary: str,
  Content: str,
  PublishedDate: isoDate,
  Image: optionalMedia,
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const faqSchema = z.object({
  id: z.number(),
  Question: text,
  Answer: str,
  Category: str,
  sort_order: int,
});
export type Faq = z.infer<typeof faqSchema>;

export const cmsDocumentSchema = z.object({
  id: z.number(),
  documentId,
  Title: text,
  Description: str,
  /** An unknown or missing type reads as `other`. */
  Type: z.enum(DOCUMENT_TYPES).catch('other'),
  File: fileSchema.nullish().catch(null).transform((v) => v ?? null),
  Date: isoDate,
  sort_order: int,
  updatedAt: isoDate,
});
export type CmsDocument = z.infer<typeof cmsDocumentSchema>;

export const presentationSchema = z.object({
  id: z.number(),
  documentId,
  Title: text,
  Summary: str,
  Content: str,
  /** Images, the malformed ones left out. */
  Images: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((list) => (list ?? []).flatMap((item) => {
      const parsed = mediaSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })),
  sort_order: int,
});
export type Presentation = z.infer<typeof presentationSchema>;

export const sponsorSchema = z.object({
  id: z.number(),
  Name: text,
  Description: str,
  Link: str,
  Logo: optionalMedia,
  sort_order: int,
});
export type Sponsor = z.infer<typeof sponsorSchema>;
