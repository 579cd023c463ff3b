'use client';
/**
 * Islands: a client component rendered on the server as usual, whose code (and the libraries
 * it pulls in: react-hook-form, TanStack Query, a form's widgets) the browser fetches only when
 * the visitor first reaches for it (issue 23: at most 160 KiB gzip of first-load JavaScript per
 * page; a form costs ~25 KiB of it).
 *
 * How: the server renders the component in place inside an `<Activity mode="visible">`, a
 * boundary React hydrates on its own (a Suspense boundary would do too, but React streams a
 * large one out of line, behind a script: the form would be missing with JavaScript off). In
 * the browser the boundary's child is a `React.lazy` component whose import waits for the first
 * pointer-over, press, focus or key inside the island, so React leaves the server's HTML as it
 * is (dehydrated) until then, and hydrates it, the same DOM nodes, once the code is in. Nothing
 * moves, focus stays where it was. Rendered without server HTML (a client-side navigation),
 * the island fetches its code at once, inside a Suspense boundary.
 *
 * What the visitor did meanwhile is not lost:
 * - text typed, boxes ticked and options chosen before hydration are handed to React as change
 *   events right after it (`replayTypedValues`), so the form's state holds them;
 * - a press on a button (a submit, an "Edit") is held and pressed again once hydrated; a native
 *   submit (Enter in a field) likewise; links work natively all along;
 * - a failed fetch (offline, a chunk gone after a deploy) is tried again on the next
 *   interaction; the HTML stays meanwhile.
 *
 * An island still dehydrated when the page gets new props for it (a `router.refresh()` after a
 * save in another island) fetches its code at once: React hydrates it before it applies the
 * refresh, and the rest of the page waits for that.
 *
 * Usage, in a small client module beside the component (the server's copy imported at the
 * module's top under `typeof window === 'undefined'`, a branch the browser build drops; the
 * browser's by the `import()` the island runs when woken):
 *
 *     const onServer = typeof window === 'undefined';
 *     const login = onServer ? await import('./LoginForm') : null;
 *     export const LoginFormIsland = islandOf(() => import('./LoginForm'), login, 'LoginForm', { queries: true });
 *
 * `queries: true` wraps the component in TanStack Query's provider (components/layout/QueryProvider.tsx),
 * itself loaded with the component.
 */
import { Activity, createElement, lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const noSubscription = () => () => {};

/** The events that start fetching an island's code: the visitor reaching for it, by mouse, touch, pen or keyboard. */
export const ISLAND_WAKE_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

type Provider = ComponentType<{ children: ReactNode }>;

/** The query provider, on the server only (the browser fetches it with the island). */
const serverQueryProvider: Provider | null = typeof window === 'undefined' ? (await import('@/components/layout/QueryProvider')).QueryProvider : null;

const loadQueryProvider = (): Promise<Provider> => import('@/components/layout/QueryProvider').then((m) => m.QueryProvider);

/** `Component` inside `Provider` (the same tree on the server and in the browser, so ids and hydration match). */
function wrapped<P extends object>(Component: ComponentType<P>, Provider: Provider | null): ComponentType<P> {
  if (!Provider) return Component;
  const Wrapped = (props: P) => createElement(Provider, null, createElement(Component, props));
  Wrapped.displayName = `Queries(${Component.displayName ?? Component.name})`;
  return Wrapped;
}

/** Options of `island`. */
export interface IslandOptions {
  /** Wrap the component in TanStack Query's provider (its pieces fetch or send). */
  queries?: boolean;
  /** Also fetch the code when the island comes on screen (a panel that keeps itself up to date, such as the desk's live-feed status). */
  wakeOnView?: boolean;
}

/**
 * `Component`'s island: server-rendered in place, its code fetched by `load` on the first
 * interaction with it (`ISLAND_WAKE_EVENTS`), then hydrated. `onServer` is the same component,
 * synchronously available on the server (null in the browser). Props must be serialisable
 * when the island is used from a server component, as for any client component.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, onServer: ComponentType<P> | null, options: IslandOptions = {}): ComponentType<P> {
  const Server = onServer ? wrapped(onServer, options.queries ? serverQueryProvider : null) : null;
  const wakeOnView = options.wakeOnView === true;

  /** Fetches the code, again on each later wake after a failure; never rejects (the HTML stays until it succeeds). */
  const fetchCode = async (): Promise<ComponentType<P>> => {
    for (;;) {
      try {
        const [Component, Provider] = await Promise.all([load(), options.queries ? loadQueryProvider() : Promise.resolve(null)]);
        return wrapped(Component, Provider);
      } catch {
        await new Promise<void>((resolve) => {
          retry = resolve;
        });
      }
    }
  };
  let retry: (() => void) | null = null;
  let code: Promise<ComponentType<P>> | null = null;
  let markWoken: () => void = () => {};
  const woken = new Promise<void>((resolve) => {
    markWoken = resolve;
  });
  /** Starts fetching the code now (once; again after a failure), whether or not React has tried to hydrate yet. */
  const wake = () => {
    code ??= fetchCode();
    markWoken();
    if (retry) {
      const again = retry;
      retry = null;
      again();
    }
  };
  const Lazy = lazy(() => woken.then(() => code!).then((Component) => ({ default: Component })));

  function Island(props: P) {
    // Rendered in the browser without server HTML (a client-side navigation to the page): nothing to read meanwhile, so fetch now.
    const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
    const [freshMount] = useState(inBrowser);
    if (freshMount) wake();
    const ref = useRef<HTMLDivElement>(null);
    const hydrated = useRef(false);
    const held = useRef<HTMLElement | null>(null);
    /** Stops the window listeners below: once hydrated (React handles the events from then on), or unmounted. */
    const listening = useRef<AbortController | null>(null);

    // On the window, in the capture phase: before React's own listeners, which stop the
    // propagation of events aimed at a part of the page it has not hydrated yet.
    useEffect(() => {
      const root = ref.current;
      if (!root || hydrated.current) return;
      const controller = new AbortController();
      listening.current = controller;
      const inside = (event: Event) => event.target instanceof Node && root.contains(event.target);
      const onWake = (event: Event) => {
        if (inside(event)) wake();
      };
      /** A press on a button before hydration: held, and pressed again once React runs the form. */
      const onClick = (event: MouseEvent) => {
        if (!inside(event)) return;
        const button = (event.target as Element).closest?.('button, input[type="submit"], input[type="button"]');
        if (!button || !root.contains(button)) return;
        event.preventDefault();
        held.current = button as HTMLElement;
        wake();
      };
      /** A native submit (Enter in a field) before hydration: held likewise. */
      const onSubmit = (event: SubmitEvent) => {
        if (!inside(event)) return;
        event.preventDefault();
        held.current ??= (event.submitter as HTMLElement | null) ?? (event.target as HTMLElement);
        wake();
      };
      const options = { capture: true, signal: controller.signal };
      for (const type of ISLAND_WAKE_EVENTS) window.addEventListener(type, onWake, { ...options, passive: true });
      window.addEventListener('click', onClick, options);
      window.addEventListener('submit', onSubmit, options);
      // On screen: the root is `display: contents` (no box of its own), so its children are watched.
      if (wakeOnView && typeof IntersectionObserver === 'function' && root.firstElementChild) {
        const observer = new IntersectionObserver((seen) => {
          if (seen.some((e) => e.isIntersecting)) wake();
        });
        for (const child of root.children) observer.observe(child);
        controller.signal.addEventListener('abort', () => observer.disconnect());
      }
      return () => controller.abort();
    }, []);

    /** After hydration: the listeners stopped, the values entered meanwhile handed to React, then the held press or submit done. */
    const onHydrated = useCallback(() => {
      hydrated.current = true;
      listening.current?.abort();
      const root = ref.current;
      if (root) replayTypedValues(root);
      const pending = held.current;
      held.current = null;
      if (!pending || !pending.isConnected) return;
      if (pending instanceof HTMLFormElement) pending.requestSubmit();
      else pending.click();
    }, []);

    // New props before hydration (a `router.refresh()` after a save elsewhere on the page): React
    // must hydrate the boundary before it can apply them, and every update of that render waits
    // for it, so the code is fetched now; else the whole refresh would wait for a visitor's touch.
    // (Once hydrated, `wake` does nothing: the code is there.)
    const [firstProps] = useState(props);
    if (firstProps !== props) wake();

    // The same element on every render (memoised on the props): an update reaching the boundary
    // before it hydrates would make React drop the server's HTML and render it anew.
    const boundary = useMemo(() => {
      if (Server) {
        return (
          <Activity mode="visible">
            <Server {...props} />
          </Activity>
        );
      }
      const loaded = <Hydrated onHydrated={onHydrated}>{createElement(Lazy as unknown as ComponentType<P>, props)}</Hydrated>;
      return freshMount ? <Suspense fallback={null}>{loaded}</Suspense> : <Activity mode="visible">{loaded}</Activity>;
    }, [props, freshMount, onHydrated]);

    return (
      <div ref={ref} data-island="" style={{ display: 'contents' }}>
        {boundary}
      </div>
    );
  }
  Island.displayName = `Island(${onServer?.displayName ?? onServer?.name ?? 'lazy'})`;
  return Island;
}

/** Calls `onHydrated` once its children (inside the same Suspense boundary) are hydrated. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  const done = useRef(onHydrated);
  useEffect(() => {
    done.current();
  }, []);
  return children;
}

/** Sets `element`'s value without React's value tracker noticing (the prototype's setter), so a following event reads as a change. */
function setUntracked(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set;
  setter?.call(element, value);
}

/**
 * Hands what the visitor entered before hydration to React: for each control inside `root`
 * whose value differs from the one the server rendered, a change React sees (its `onChange`
 * runs, so react-hook-form's state takes the value).
 */
function replayTypedValues(root: Element): void {
  for (const element of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (element instanceof HTMLSelectElement) {
      if ([...element.options].some((option) => option.selected !== option.defaultSelected)) element.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
      if (element.checked === element.defaultChecked) continue;
      const entered = element.checked;
      element.checked = !entered; // through React's tracker: it now holds the server's state
      element.click(); // back to what the visitor chose, as a real click: React's onChange runs
      continue;
    }
    if (element instanceof HTMLInputElement && ['hidden', 'file', 'submit', 'button', 'reset', 'image'].includes(element.type)) continue;
    if (element.value === element.defaultValue) continue;
    const entered = element.value;
    element.value = element.defaultValue; // through React's tracker
    setUntracked(element, entered);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * `island` for the export `name` of a module: `load` imports the module (a literal `import()`,
 * so the bundler makes it a chunk of its own), `serverModule` is that module on the server
 * (null in the browser). The island's props are the component's.
 */
export function islandOf<M extends Record<K, (props: never) => ReactNode>, K extends keyof M & string>(
  load: () => Promise<M>,
  serverModule: M | null,
  name: K,
  options: IslandOptions = {},
): ComponentType<PropsOf<M[K]>> {
  type P = PropsOf<M[K]>;
  return island<P>(
    () => load().then((m) => m[name] as unknown as ComponentType<P>),
    serverModule ? (serverModule[name] as unknown as ComponentType<P>) : null,
    options,
  );
}

/** A function component's props (`object` for one that takes none). */
type PropsOf<C> = C extends (props: infer A) => unknown ? (A extends object ? A : object) : object;
