/**
 * /desk/club: the texts of the clubs and organizations the login works for (issue 25 "French and
 * Spanish data: descriptions of events, classes, clubs, organizations and membership types per
 * language (the desk edits them; English fallback)"): each club's name in French and Spanish and
 * its about text in English, French and Spanish; and, for the organizations whose classes the
 * login may edit (as /desk/classes), the organization's and each membership type's likewise.
 * One form per record. Guarded like /desk (`desk.open`); per request, never indexed.
 */
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import css from '@/components/desk/desk.module.css';
import { TextsEditorIsland } from '@/components/desk/islands';
import { SubHeader } from '@/components/layout/SubHeader';
import type { Locale } from '@/lib/config';
import { TEXT_LIMITS } from '@/lib/contracts/desk-texts';
import { Link } from '@/lib/i18n/navigation';
import { listDeskTexts } from '@/lib/server/desk';
import { authorize } from '@/lib/server/policy/authorize';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/desk/club';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'desk.texts' });
  return { title: t('title'), robots: { index: false, follow: false } };
}

export default async function DeskClubPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const viewer = await authorize('desk.open', null, PATH);
  const [{ clubs, organizations }, t, td] = await Promise.all([listDeskTexts(viewer), getTranslations({ locale, namespace: 'desk.texts' }), getTranslations({ locale, namespace: 'desk' })]);
  return (
    <>
      <SubHeader locale={locale} path={PATH} fallback={t('title')} parents={[{ label: td('title'), href: '/desk' }]} />
      <div className="container">
        <p className={css.intro}>{t('intro')}</p>
        <p className={css.actions}>
          <Link href="/desk">{td('back')}</Link>
        </p>
        <section aria-labelledby="desk-texts-clubs" className={css.textsSection}>
          <h2 id="desk-texts-clubs" className={css.formTitle}>
            {t('clubs')}
          </h2>
          {clubs.map((c) => (
            <TextsEditorIsland key={c.id} kind="club" record={c} href={`/promoters/${c.userId}`} level={3} nameMax={TEXT_LIMITS.name} descriptionMax={TEXT_LIMITS.about} />
          ))}
        </section>
        <section aria-labelledby="desk-texts-organizations" className={css.textsSection}>
          <h2 id="desk-texts-organizations" className={css.formTitle}>
            {t('organizations')}
          </h2>
          {organizations.length === 0 ? <p role="status">{t('noOrganization')}</p> : null}
          {organizations.map(({ membershipTypes, ...o }) => (
            <div key={o.id}>
              <TextsEditorIsland kind="organization" record={o} href={`/organizations/${o.id}`} level={3} nameMax={TEXT_LIMITS.name} descriptionMax={TEXT_LIMITS.about} />
              <section aria-labelledby={`desk-texts-types-${o.id}`} className={css.textsTypes}>
                <h3 id={`desk-texts-types-${o.id}`} className={css.subTitle}>
                  {t('membershipTypes', { name: o.name })}
                </h3>
                {membershipTypes.length === 0 ? <p>{t('noMembershipTypes')}</p> : null}
                {membershipTypes.map((m) => (
                  <TextsEditorIsland key={m.id} kind="membershipType" record={m} href={`/organizations/${o.id}/membership-type`} level={4} nameMax={TEXT_LIMITS.name} descriptionMax={TEXT_LIMITS.membershipType} />
                ))}
              </section>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}
