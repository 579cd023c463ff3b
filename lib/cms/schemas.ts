/**
 * zod schemas of the content types the site reads (spec §3: menu item, home content, home
 * buttons, footer item, sponsor strip, simple page, site parameters). They accept Strapi's
 * flattened v5 shape (see `normalize.ts`); unknown fields are ignored, missing optional
 * fields get the spec's defaults.
 */
import { z } from 'zod';

/** An optional text field: missing or null reads as null. */
export const str = z.string().nullish().transform((v) => v ?? null);
const bool = (fallback: boolean) => z.boolean().nullish().transform((v) => v ?? fallback);
const int = z.number().int().nullish().transform((v) => v ?? null);

export const mediaSchema = z.object({
  url: z.string(),
  alternativeText: str,
  width: int,
  height: int,
  mime: str,
  name: str,
});
export type Media = z.infer<typeof mediaSchema>;

export const subMenuSchema = z.object({
  id: z.number(),
  Name: z.string(),
  Link: str,
  page_path: str,
  page_content: str,
  IsOpenInNewTab: bool(false),
  Sort_Order: int,
  Visible: bool(true),
});
export type SubMenu = z.infer<typeof subMenuSchema>;

export const menuSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: str,
  page_path: str,
  page_content: str,
  Visible: bool(false),
  bHideOnTopMenu: bool(false),
  Link: str,
  IsOpenInNewTab: bool(false),
  sort_order: int,
  sub_menus: z.array(subMenuSchema).nullish().transform((v) => v ?? []),
});
export type MenuItem = z.infer<typeof menuSchema>;

export const sectionSchema = z
  .object({ Title: str, Content: str })
  .nullish()
  .transform((v) => v ?? null);

export const homeContentSchema = z.object({
  Title: str,
  Images: z.array(mediaSchema).nullish().transform((v) => v ?? []),
  Section1: sectionSchema,
  Section2: sectionSchema,
  Section3: sectionSchema,
  Section4: sectionSchema,
});
export type HomeContent = z.infer<typeof homeContentSchema>;

export const homeButtonSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: str,
  page_path: str,
  Link: str,
  sort_order: int,
});
export type HomeButton = z.infer<typeof homeButtonSchema>;

export const footerItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  page_link: str,
  visible: bool(true),
  IsOpenInNewTab: bool(false),
  sort_order: int,
});
export type FooterItem = z.infer<typeof footerItemSchema>;

export const parameterSchema = z.object({ Name: z.string(), Value: z.string().nullish().transform((v) => v ?? '') });

export const parameterImageSchema = z.object({ Name: z.string(), Image: mediaSchema.nullish().transform((v) => v ?? null) });

export const pageContentSchema = z.object({ Title: str, Description: str });
export type PageContent = z.infer<typeof pageContentSchema>;

export const simplePageSchema = z.object({
  id: z.number(),
  SeoLink: str,
  Title: str,
  Description: str,
  PageName: str,
  PageTitle: str,
  PageDescription: str,
});
export type SimplePage = z.infer<typeof simplePageSchema>;

export const sponsorLogoSchema = z.object({
  Name: str,
  Link: str,
  Logo: mediaSchema.nullish().transform((v) => v ?? null),
});

export const floatingFooterSchema = z.object({
  Title: str,
  spaces: int,
  speed: int,
  height: int,
  Visible: bool(false),
  sponsors: z.array(sponsorLogoSchema).nullish().transform((v) => v ?? []),
});
export type FloatingFooter = z.infer<typeof floatingFooterSchema>;
