import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { fireEvent, render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { flushRouterUpdate } from '../app/router-flush.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/*
 * antd without its runtime styles. jsdom matches every injected rule on each getComputedStyle,
 * which Testing Library's role queries and user-event's pointer-events check call for an element
 * and all its ancestors: with antd's styles the screen tests took about three times as long.
 * Nothing here checks how things look; what CSS hides or shows is covered end to end (e2e/).
 */
export const NO_RUNTIME_STYLES = { zeroRuntime: true };

export interface RenderScreenOptions {
  /** The address the router starts at; a list is a history whose last entry is the current one. */
  path?: string | string[];
  /** The route the screen sits at (its params are read from `path`); every address by default. */
  pattern?: string;
  /** Routes beside the screen: stand-ins for where it leads, or a whole route tree of the app. */
  routes?: RouteObject[];
  /** Around everything: the app's own providers, for route trees of the app. */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** The cache the screen uses; a fresh one by default, so tests share nothing. */
  queryClient?: QueryClient;
}

/**
 * Renders a screen (or a component) as the app does: with a query cache, antd's App (for
 * App.useApp's messages and modals) and a data router (for links and the unsaved-changes guard).
 * Pass null as `screen` when `routes` is the whole tree.
 */
export function renderScreen(screen: ReactNode, options: RenderScreenOptions = {}) {
  const {
    path = '/',
    pattern = '*',
    routes = [],
    wrapper: Wrapper = Fragment,
    queryClient = createQueryClient(),
  } = options;
  const tree = screen === null ? routes : [{ path: pattern, element: screen }, ...routes];
  const entries = typeof path === 'string' ? [path] : path;
  const router = createMemoryRouter(tree, { initialEntries: entries, initialIndex: entries.length - 1 });
  const view = render(
    <Wrapper>
      <ConfigProvider theme={NO_RUNTIME_STYLES}>
        <QueryClientProvider client={queryClient}>
          <App>
            <RouterProvider router={router} flushSync={flushRouterUpdate} />
          </App>
        </QueryClientProvider>
      </ConfigProvider>
    </Wrapper>,
  );
  return { router, queryClient, ...view };
}

/** Tests read English labels; the app itself starts in Russian, which every test gets back after. */
export function inEnglish() {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('ru');
  });
}

/**
 * Enters `text` at the end of a field in one input event, as a paste does. user.type fires a
 * keystroke (and the form's validation and a render) per character: 32 characters into antd's
 * password inputs took over 30 s on a loaded two-core machine. Type only what tests keystrokes.
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Types a date or time into one of antd's pickers and confirms it with Enter, as a manager does. */
export function typeIntoPicker(input: HTMLElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}
