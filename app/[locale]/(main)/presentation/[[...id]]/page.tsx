/**
 * /presentation/{id?} (spec §2 Routes with an optional id): without an id, the presentations
 * of the page's language (title, summary); with one, that presentation: its images as a
 * simple gallery, its summary and its content. The id is the entry's Strapi documentId (what
 * the list links to: the same in every language, so switching language keeps the
 * presentation) or a numeric id matching ^[1-9][0-9]*$ (this language's entry, else the
 * English entry's, read in this language); anything else, an unknown id, or more than one
 * segment answers 404. With the CMS unavailable the page says so and answers 200. Plain HTML
 * (issue 23).
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ContentBody } from '@/components/content/ContentBody';
import styles from '@/components/content/content.module.css';
import { EmptyState } from '@/components/content/EmptyState';
import { EntryUnavailable } from '@/components/content/EntryUnavailable';
import { ImageGallery } from '@/components/content/ImageGallery';
import { PageList } from '@/components/content/PageList';
import { pageMetadata } from '@/components/layout/metadata';
import { SubHeader } from '@/components/layout/SubHeader';
import { getPresentation, getPresentations, parsePresentationRef, type Presentation } from '@/lib/cms';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale; id?: string[] }> };

const PATH = '/presentation';

/** The list (no segment), or the presentation named by the one segment; 404 otherwise. */
async function resolve(locale: Locale, segments: string[] | undefined): Promise<'list' | { presentation: Presentation | 'unavailable'; path: string }> {
  if (!segments?.length) return 'list';
  const ref = segments.length === 1 ? parsePresentationRef(segments[0]) : null;
  if (!ref) notFound();
  const presentation = await getPresentation(locale, ref);
  if (presentation === 'missing') notFound();
  return { presentation, path: `${PATH}/${segments[0]}` };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const [t, target] = await Promise.all([getTranslations({ locale, namespace: 'content' }), resolve(locale, id)]);
  if (target === 'list' || target.presentation === 'unavailable') return pageMetadata(locale, PATH, t('titles.presentations'), t('descriptions.presentations'));
  return pageMetadata(locale, target.path, target.presentation.Title, target.presentation.Summary);
}

export default async function PresentationPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const [t, target] = await Promise.all([getTranslations({ locale, namespace: 'content' }), resolve(locale, id)]);

  if (target === 'list') {
    const presentations = await getPresentations(locale);
    return (
      <>
        <SubHeader locale={locale} path={PATH} fallback={t('titles.presentations')} />
        <div className="container">
          {!presentations ? (
            <EmptyState>{t('unavailable')}</EmptyState>
          ) : !presentations.length ? (
            <EmptyState>{t('empty.presentations')}</EmptyState>
          ) : (
            <PageList
              testId="presentation-list"
              items={presentations.map((p) => ({ key: p.id, href: `${PATH}/${p.documentId ?? p.id}`, title: p.Title, description: p.Summary }))}
            />
          )}
        </div>
      </>
    );
  }

  const back = (
    <p className={styles.back}>
      <Link href={PATH}>← {t('presentations.back')}</Link>
    </p>
  );
  const p = target.presentation;
  if (p === 'unavailable') {
    return <EntryUnavailable locale={locale} path={PATH} fallback={t('titles.presentations')} back={back} message={t('unavailable')} />;
  }
  return (
    <>
      <SubHeader locale={locale} path={target.path} fallback={p.Title} />
      <article className="container">
        {back}
        {p.Summary && <p className={styles.lead}>{p.Summary}</p>}
        <ImageGallery images={p.Images} title={p.Title} locale={locale} />
        {p.Content && <ContentBody html={p.Content} locale={locale} label={p.Title} />}
      </article>
    </>
  );
}
