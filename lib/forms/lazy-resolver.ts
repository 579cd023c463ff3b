/**
 * Form validation loaded when first used (issue 23: 160 KiB gzip of first-load JavaScript per
 * page). A form's zod schema and `zodResolver` weigh about 30 KiB gzip; a form page ships
 * without them and fetches them (a dynamic `import()` of the form's schema module) the first
 * time the form validates, or earlier, on the form's first focus or press (`preloadOn`), so
 * that the first blur or submit does not wait on the network. Validation itself is unchanged:
 * the real resolver gets the same values, context and options and its result is returned as is.
 *
 * Usage (a module-level constant, so the import runs once per page):
 *
 *     const resolver = lazyResolver(() => import('./schemas').then((m) => m.loginResolver));
 *     useForm({ resolver, … });
 *     <form {...preloadOn(resolver)} …>
 *
 * Client-safe: imports nothing at run time.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

/** A react-hook-form `Resolver` that fetches the real one on first use; `preload()` starts that fetch now. */
export type LazyResolver<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues> = Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> & {
  /**
   * Starts fetching the real resolver (at most once; again after a failed fetch) and returns
   * it when loaded. Rejects only with the fetch's own error (offline, a chunk gone after a deploy).
   */
  preload: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>;
};

/**
 * A resolver that, on its first call (or `preload()`), runs `load` — e.g.
 * `() => import('./schemas').then((m) => m.loginResolver)`, giving `zodResolver(loginInput)` —
 * keeps the resolver it gives, and from then on hands every call to it: same values, context
 * and options in, same `{ values, errors }` out. `load` runs once; if it rejects (offline, a
 * chunk gone after a deploy), that call passes the values through unchecked, so a submit still
 * reaches the server, which checks them with the same schema and answers with the same issue
 * codes (or fails as a network error the form already reports); the next call or `preload()`
 * runs `load` again.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | null = null;
  const preload = () => {
    if (!loading) {
      const started = load();
      loading = started;
      // A failed fetch is tried again next time (and a preload nobody awaits rejects silently).
      started.catch(() => {
        if (loading === started) loading = null;
      });
    }
    return loading;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) => {
    let real: Resolver<TFieldValues, TContext, TTransformedValues>;
    try {
      real = await preload();
    } catch {
      return { values: values as unknown as TTransformedValues, errors: {} };
    }
    return real(values, context, options);
  };
  return Object.assign(resolver, { preload });
}

/** Anything whose fetch can be started early: a `LazyResolver`. */
export interface Preloadable {
  preload: () => Promise<unknown>;
}

/**
 * Props for a `<form>` (or any element around a form's fields): its first focus inside
 * (keyboard or click: `onFocusCapture`) or press (`onPointerDownCapture`: Safari does not
 * focus a button that is clicked) starts fetching `resolvers`. Later events cost nothing (the
 * fetch runs once).
 */
export function preloadOn(...resolvers: Preloadable[]): { onFocusCapture: () => void; onPointerDownCapture: () => void } {
  const start = () => {
    for (const r of resolvers) void r.preload().catch(() => undefined);
  };
  return { onFocusCapture: start, onPointerDownCapture: start };
}
