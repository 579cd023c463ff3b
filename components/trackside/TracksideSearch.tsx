'use client';
/**
 * The trackside profile search (spec §1; §5 Trackside search; §4 Participant search; §7 POST
 * user/searchUsers; §8 Trackside): search by name or race number (type racerIdentifier) or by
 * location (type state); the criterion is checked with the contract's rules through
 * `zodResolver(tracksideSearchForm)` (required, invalid format, too short, too long: messages
 * `trackside.errors.<code>`) and cleaned with `buildSearchRequest` (the route cleans with the
 * same function); a criterion that cleans to nothing makes no call and shows an empty list.
 * The default organization of the site settings is sent as `orgId`.
 *
 * Found racers link to their results tab (`?racer=ID&tab=1`). The count is announced
 * (role=status); a failure says 'Failed to fetch participants' with why (lib/api/trackside
 * `searchFailure`: no connection, the API's refusal in its words or translated, else 'The
 * request failed') and empties the list. The search and its page are kept in the address
 * (`?type=&q=&page=`): a reload or a shared link shows the same racers, and without
 * JavaScript the form submits there, the page links lead there, and the server renders the
 * racers (`initial`) or the criterion's fault (`typed`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useId, useState, type MouseEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LinkListItemButton } from '@/components/ui/links';
import type { ApiClientError } from '@/lib/api/client';
import { BASE_PATH } from '@/lib/config';
import { searchFailure, useTracksideSearch } from '@/lib/api/trackside';
import {
  CRITERION_LIMITS,
  buildSearchRequest,
  searchType,
  tracksideHref,
  tracksideSearchForm,
  tracksideSearchHref,
  type CriterionIssue,
  type SearchType,
  type TracksideSearchFields,
  type TracksideSearchReply,
  type TracksideSearchRequest,
} from '@/lib/contracts/trackside';

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
    resolver: zodResolver(tracksideSearchForm),
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
        <Button size="small" disabled data-testid={testId}>
          {label}
        </Button>
      );
    }
    const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
      e.preventDefault();
      setRequest({ ...request, page });
      remember(searched.type, searched.criterion, page);
    };
    return (
      <Button size="small" href={`${action}?${tracksideSearchHref(searched.type, searched.criterion, page).split('?')[1]}`} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
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
    <Box>
      <Box
        component="form"
        role="search"
        aria-label={t('searchLabel')}
        method="get"
        action={action}
        noValidate
        onSubmit={handleSubmit((values) => search(values))}
      >
        <input type="hidden" name="tab" value="0" />
        <Stack spacing={1.5}>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <FormControl>
                <FormLabel id={`${id}-type`} sx={{ fontSize: 14 }}>
                  {t('searchType')}
                </FormLabel>
                <RadioGroup row aria-labelledby={`${id}-type`} name="type" value={searchType(field.value)} onChange={(e) => field.onChange(e.target.value)}>
                  <FormControlLabel value="racerIdentifier" control={<Radio size="small" />} label={t('types.racerIdentifier')} />
                  <FormControlLabel value="state" control={<Radio size="small" />} label={t('types.state')} />
                </RadioGroup>
              </FormControl>
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
            <Controller
              control={control}
              name="criterion"
              render={({ field }) => (
                <TextField
                  {...field}
                  id={`${id}-criterion`}
                  name="q"
                  label={t(`criterion.${type}`)}
                  autoComplete="off"
                  slotProps={{ htmlInput: { maxLength: CRITERION_LIMITS.max + 20, enterKeyHint: 'search', 'data-testid': 'trackside-criterion' } }}
                  error={!!errorCode}
                  helperText={errorCode ? t(`errors.${errorCode}` as 'errors.name_required') : t(`criterionHint.${type}`)}
                  fullWidth
                  size="small"
                  sx={{ flex: 1 }}
                />
              )}
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={query.isFetching ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SearchIcon />}
              aria-busy={query.isFetching}
              sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
            >
              {query.isFetching ? t('searching') : t('search')}
            </Button>
          </Stack>
        </Stack>
      </Box>

      <Box sx={{ mt: 2 }} aria-busy={query.isFetching}>
        {query.isError && (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="trackside-search-error">
            <strong>{t('errors.fetchParticipants')}</strong> — {failure(query.error)}
          </Alert>
        )}
        <Typography role="status" aria-live="polite" sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }} data-testid="trackside-count">
          {submitted && !query.isFetching && !query.isError ? t('resultsCount', { count: meta?.totalItems ?? 0 }) : ''}
        </Typography>
        {found.length > 0 && (
          <List aria-label={t('resultsLabel')} dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="trackside-results">
            {found.map((racer, i) => (
              <LinkListItemButton key={racer.id} href={tracksideHref(1, racer.id)} divider={i < found.length - 1} sx={{ py: 1 }}>
                <ListItemText
                  primary={racer.racerName}
                  secondary={[racer.raceNumber ? t('racerNumber', { number: racer.raceNumber }) : null, racer.location].filter(Boolean).join(' · ') || null}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </LinkListItemButton>
            ))}
          </List>
        )}
        {meta && meta.lastPage > 1 && !query.isError && (
          <Stack component="nav" aria-label={t('pagesLabel')} direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'center' }}>
            {pageLink(meta.page > 1 ? meta.page - 1 : null, t('previousPage'), 'trackside-previous-page')}
            <Typography sx={{ fontSize: 14 }}>{t('pageOf', { page: meta.page, lastPage: meta.lastPage })}</Typography>
            {pageLink(meta.page < meta.lastPage ? meta.page + 1 : null, t('nextPage'), 'trackside-next-page')}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
