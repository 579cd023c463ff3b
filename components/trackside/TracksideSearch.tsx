'use client';
/**
 * The trackside profile search (spec §1; §5 Trackside search; §4 Participant search; §7 POST
 * user/searchUsers; §8 Trackside): search by name or race number (type racerIdentifier) or by
 * location (type state); the criterion is checked with the contract's rules through
 * `zodResolver(tracksideSearchForm)`, fetched on the form's first focus (./schemas.ts;
 * required, invalid format, too short, too long: messages `trackside.errors.<code>`) and
 * cleaned with `buildSearchRequest` (the route cleans with the same function); a criterion
 * that cleans to nothing makes no call and shows an empty list. The default organization of
 * the site settings is sent as `orgId`.
 *
 * Found racers link to their results tab (`?racer=ID&tab=1`). The count is announced
 * (role=status); a failure says 'Failed to fetch participants' with why (lib/api/trackside
 * `searchFailure`: no connection, the API's refusal in its words or translated, else 'The
 * request failed') and empties the list. The search and its page are kept in the address
 * (`?type=&q=&page=`): a reload or a shared link shows the same racers, and without
 * JavaScript the form submits there, the page links lead there, and the server renders the
 * racers (`initial`) or the criterion's fault (`typed`). Native controls (radio buttons in a
 * fieldset, a labelled input with its hint or error: components/ui/Field.tsx) styled by
 * ./trackside.module.css.
 */
import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useId, useState, type MouseEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/Alert';
import { Field, FieldSet } from '@/components/ui/Field';
import { Icon } from '@/components/ui/Icon';
import { SEARCH } from '@/components/ui/icons/search';
import ui from '@/components/ui/ui.module.css';
import type { ApiClientError } from '@/lib/api/client';
import { BASE_PATH } from '@/lib/config';
import { searchFailure, useTracksideSearch } from '@/lib/api/trackside';
import type { TracksideSearchFields, TracksideSearchReply, TracksideSearchRequest } from '@/lib/contracts/trackside';
import { CRITERION_LIMITS, buildSearchRequest, searchType, tracksideHref, tracksideSearchHref, type CriterionIssue, type SearchType } from '@/lib/contracts/trackside-rules';
import { lazyResolver, preloadOn } from '@/lib/forms/lazy-resolver';
import { Link } from '@/lib/i18n/navigation';
import css from './trackside.module.css';

/** `tracksideSearchForm` through `zodResolver` (./schemas.ts), fetched on the form's first focus (issue 23: no zod in the first load). */
const resolver = lazyResolver(() => import('./schemas').then((m) => m.searchResolver));

export interface TracksideSearchProps {
  /** The site's default organization (SiteSettings.defaultOrganization): sent as orgId when set. */
  defaultOrganization: number | string | null;
  /** A search the server already ran (`?type=&q=&page=` in the address). */
  initial?: { type: SearchType; criterion: string; request: TracksideSearchRequest; reply: TracksideSearchReply } | null;
  /** What the address holds (`?type=&q=`) and its fault, if any (shown until the visitor searches again). */
  typed?: { type: SearchType; criterion: string; issue: CriterionIssue | null } | null;
}

/** The form and the racers found (see the file's docstring). */
export function TracksideSearch({ defaultOrganization, initial = null, typed = null }: TracksideSearchProps) {
  const t = useTranslations('trackside');
  const te = useTranslations('apiErrors');
  const id = useId();
  // The page's own address (language prefix included): where the form goes without JavaScript.
  const action = `${BASE_PATH}${usePathname()}`;
  const [request, setRequest] = useState<TracksideSearchRequest | null>(initial?.request ?? null);
  const [submitted, setSubmitted] = useState(initial !== null);
  // The address's criterion and its fault, until the visitor searches (then the form's own check speaks).
  const [typedIssue, setTypedIssue] = useState<CriterionIssue | null>(typed?.issue ?? null);
  // The criterion and type the shown racers were searched with (for the page links).
  const [searched, setSearched] = useState<{ type: SearchType; criterion: string } | null>(initial ? { type: initial.type, criterion: initial.criterion } : null);
  const query = useTracksideSearch(request, initial);
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TracksideSearchFields>({
    resolver,
    defaultValues: { type: initial?.type ?? typed?.type ?? 'racerIdentifier', criterion: initial?.criterion ?? typed?.criterion ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const type = searchType(useWatch({ control, name: 'type' }));

  /** Keeps the search and its page in the address (reload, share, the saved copy for offline reading). */
  const remember = (type: unknown, criterion: string, page: number) => {
    const query = tracksideSearchHref(type, criterion, page).split('?')[1];
    window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query}`);
  };

  const search = (values: TracksideSearchFields) => {
    const next = buildSearchRequest(values.type, values.criterion, defaultOrganization);
    setRequest(next);
    setSubmitted(true);
    setTypedIssue(null);
    setSearched({ type: searchType(values.type), criterion: values.criterion.trim() });
    remember(values.type, values.criterion, 1);
  };

  /** A link to another page of the racers found (`null`: none, a disabled button): fetched in place, the link's address without JavaScript. */
  const pageLink = (page: number | null, label: string, testId: string) => {
    if (page === null || !request || !searched) {
      return (
        <button type="button" className={`${ui.button} ${ui.small}`} disabled data-testid={testId}>
          {label}
        </button>
      );
    }
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
      e.preventDefault();
      setRequest({ ...request, page });
      remember(searched.type, searched.criterion, page);
    };
    return (
      <a href={`${action}?${tracksideSearchHref(searched.type, searched.criterion, page).split('?')[1]}`} onClick={onClick} className={`${ui.button} ${ui.small}`} data-testid={testId}>
        {label}
      </a>
    );
  };

  const errorCode = errors.criterion?.message ?? typedIssue ?? undefined;
  const reply = query.isError ? null : query.data;
  const found = reply?.participants ?? [];
  const meta = reply?.meta;

  /** Why the search failed (lib/api/trackside `searchFailure`): the API's code translated, else its message, else no connection / request failed. */
  const failure = (err: ApiClientError | null) => {
    const why = searchFailure(err, (code) => te.has(code));
    if ('apiKey' in why) return te(why.apiKey as 'request_error');
    if ('message' in why) return why.message;
    return t(`errors.${why.key}`);
  };

  return (
    <div>
      <form
        role="search"
        aria-label={t('searchLabel')}
        method="get"
        action={action}
        noValidate
        {...preloadOn(resolver)}
        onSubmit={handleSubmit((values) => search(values))}
        className={css.form}
      >
        <input type="hidden" name="tab" value="0" />
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <FieldSet id={`${id}-type`} label={t('searchType')}>
              {() => (
                <div className={ui.choices}>
                  {(['racerIdentifier', 'state'] as const).map((value, i) => (
                    <label key={value} className={ui.choice}>
                      <input
                        type="radio"
                        name="type"
                        value={value}
                        ref={i === 0 ? field.ref : undefined}
                        checked={searchType(field.value) === value}
                        onChange={() => field.onChange(value)}
                        onBlur={field.onBlur}
                      />
                      {t(`types.${value}`)}
                    </label>
                  ))}
                </div>
              )}
            </FieldSet>
          )}
        />
        <div className={css.criterionRow}>
          <Controller
            control={control}
            name="criterion"
            render={({ field }) => (
              <Field
                id={`${id}-criterion`}
                label={t(`criterion.${type}`)}
                error={errorCode ? t(`errors.${errorCode}` as 'errors.name_required') : undefined}
                hint={t(`criterionHint.${type}`)}
                className={css.criterion}
              >
                {(aria) => (
                  <input
                    {...aria}
                    ref={field.ref}
                    name="q"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    type="text"
                    autoComplete="off"
                    maxLength={CRITERION_LIMITS.max + 20}
                    enterKeyHint="search"
                    data-testid="trackside-criterion"
                    className={ui.input}
                  />
                )}
              </Field>
            )}
          />
          <button type="submit" aria-busy={query.isFetching} className={`${ui.button} ${ui.contained} ${css.submit}`}>
            {query.isFetching ? <span className={ui.spinner} aria-hidden /> : <Icon path={SEARCH} size={20} />}
            {query.isFetching ? t('searching') : t('search')}
          </button>
        </div>
      </form>

      <div className={css.found} aria-busy={query.isFetching}>
        {query.isError && (
          <Alert severity="error" className={css.searchError} data-testid="trackside-search-error">
            <strong>{t('errors.fetchParticipants')}</strong> — {failure(query.error)}
          </Alert>
        )}
        <p role="status" aria-live="polite" className={css.count} data-testid="trackside-count">
          {submitted && !query.isFetching && !query.isError ? t('resultsCount', { count: meta?.totalItems ?? 0 }) : ''}
        </p>
        {found.length > 0 && (
          <ul aria-label={t('resultsLabel')} className={css.racerList} data-testid="trackside-results">
            {found.map((racer) => {
              const facts = [racer.raceNumber ? t('racerNumber', { number: racer.raceNumber }) : null, racer.location].filter(Boolean).join(' · ');
              return (
                <li key={racer.id}>
                  <Link href={tracksideHref(1, racer.id)} className={css.racerLink}>
                    <span className={css.racerName}>{racer.racerName}</span>
                    {facts && <span className={css.racerFacts}>{facts}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {meta && meta.lastPage > 1 && !query.isError && (
          <nav aria-label={t('pagesLabel')} className={css.pages}>
            {pageLink(meta.page > 1 ? meta.page - 1 : null, t('previousPage'), 'trackside-previous-page')}
            <p className={css.pageOf}>{t('pageOf', { page: meta.page, lastPage: meta.lastPage })}</p>
            {pageLink(meta.page < meta.lastPage ? meta.page + 1 : null, t('nextPage'), 'trackside-next-page')}
          </nav>
        )}
      </div>
    </div>
  );
}
