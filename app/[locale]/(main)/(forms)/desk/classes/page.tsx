/**
 * /desk/classes: the classes of the organizations the login works for (issue 24 "Classes of the
 * organization: name, class group, ages …, per organization (two organizations may each have
 * 'Open')"): each organization's classes with an editor. Events then offer them with a fee and
 * an entry limit (their desk page). Guarded like /desk (`desk.open`); per request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/desk/desk.module.css';
import { ClassEditorIsland } from '@/components/desk/islands';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { Link } from '@/lib/i18n/navigation';
import { listDeskOrganizations, listOrganizationClasses, listOrganizationGroups } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/desk/classes';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.classes' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskClassesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [organizations, t, td] = await Promise.all([listDeskOrganizations(viewer), getTranslations({ locale, namespace: 'desk.classes' }), getTranslations({ locale, namespace: 'desk' })]);
  const loaded = await Promise.all(organizations.map(async (o) => ({ ...o, classes: await listOrganizationClasses(o.id), groups: await listOrganizationGroups(o.id) })));
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} parents={[{ label: td('title'), href: '/desk' }]} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.actions}>
          <Link href="/desk">{td('back')}</Link>
        </p>
        {loaded.length === 0 ? (
          <p role="status">{t('noOrganization')}</p>
        ) : (
          loaded.map((o) => <ClassEditorIsland key={`${o.id}:${o.classes.map((c) => `${c.id}${c.name}${c.minAge}${c.maxAge}${c.classGroup}${c.description}`).join('|')}`} organization={{ id: o.id, name: o.name }} classes={o.classes} groups={o.groups} />)
        )}
      </div>
    </>
  );
}
