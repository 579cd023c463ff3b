/**
 * /waiver/{documentUUID} when the link names no spectator's waiver (malformed, unknown, removed,
 * or a minor's: spec §8 Spectator 'The record was not found'), HTTP 404, with what to do next.
 * Plain HTML.
 */
import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import css from './waiver.module.css';

export default function WaiverNotFound() {
  const t = useTranslations('spectatorWaiver');
  const te = useTranslations('errors');
  return (
    <div className={`container page-message ${css.column}`}>
      <h1>{t('notFound')}</h1>
      <p>{t('notFoundHelp')}</p>
      <Link href="/">{te('backHome')}</Link>
    </div>
  );
}
