import { AsyncLocalStorage } from "node:async_hooks";
import { Fragment, jsx as reactJsx, jsxs as reactJsxs } from "react/jsx-runtime";

/**
 * The server's JSX runtime (decision 0022): the SSR build resolves `react/jsx-runtime` here
 * (vite.config.ts, `staticRenderCheck`). While a page that loads no framework script renders,
 * an element given an event handler that cannot run there (an `onClick` on a button, an
 * `onSubmit` on a form...) is marked `data-dead-handler="onClick"`, which the end-to-end tests
 * look for on every content page. A link's `onClick` is not dead: the link still goes where its
 * `href` says (its other handlers, a key handler say, are).
 */
const staticRender = new AsyncLocalStorage<true>();

/** Runs a render of a page without the framework's script. */
export function renderingStatic<T>(render: () => T): T {
  return staticRender.run(true, render);
}

type Props = Record<string, unknown>;

export function deadHandlers(type: unknown, props: Props): string {
  if (typeof type !== "string") return "";
  let names = "";
  for (const name in props) {
    if (!/^on[A-Z]/.test(name) || typeof props[name] !== "function") continue;
    if (name === "onClick" && type === "a" && typeof props.href === "string") continue;
    names += names ? ` ${name}` : name;
  }
  return names;
}

function checked(type: unknown, props: Props): Props {
  if (!staticRender.getStore()) return props;
  const dead = deadHandlers(type, props);
  return dead ? { ...props, "data-dead-handler": dead } : props;
}

export function jsx(type: Parameters<typeof reactJsx>[0], props: Props, key?: string) {
  return reactJsx(type, checked(type, props), key);
}

export function jsxs(type: Parameters<typeof reactJsxs>[0], props: Props, key?: string) {
  return reactJsxs(type, checked(type, props), key);
}

export { Fragment };
