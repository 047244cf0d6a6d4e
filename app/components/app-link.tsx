import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";

// The portal's links (decision 038). React Router's <Link> resolves its `to` against every
// matched route on each render, which over the 20 to 100 links of a signed-in page was about
// 5 % of its CPU. Every link here is an absolute path, so there is nothing to resolve: an
// <a> with that href, which is all a link is without JavaScript, and which with JavaScript
// navigates inside the app on a plain click, as <Link> does.

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

/**
 * `to` is an absolute path in the portal, with any query: "/dashboard/transactions?page=2".
 * `preventScrollReset` keeps the scroll position when JavaScript follows it (a sort link).
 */
type LinkProps = AnchorProps & { to: string; preventScrollReset?: boolean };

/** A click the browser would open in this tab: left button, no modifier key, no other target. */
function opensHere(event: MouseEvent<HTMLAnchorElement>): boolean {
  const { target } = event.currentTarget;
  return (
    event.button === 0 &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
    (target === "" || target === "_self")
  );
}

function useFollow({ to, onClick, preventScrollReset }: Pick<LinkProps, "to" | "onClick" | "preventScrollReset">) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !opensHere(event)) return;
    event.preventDefault();
    // As <Link>: following a link to the page already shown replaces it in the history.
    void navigate(to, { replace: `${pathname}${search}${hash}` === to, preventScrollReset });
  };
}

export function AppLink({ to, onClick, preventScrollReset, children, ...anchor }: LinkProps) {
  const follow = useFollow({ to, onClick, preventScrollReset });
  return (
    <a {...anchor} href={to} data-discover="true" onClick={follow}>
      {children}
    </a>
  );
}

/**
 * A menu link, marked aria-current="page" while its page is shown: on its own path, or with
 * `end` unset also below it ("/dashboard/profile" for "/dashboard"), as <NavLink> marks it.
 */
export function AppNavLink({ to, end = false, ...link }: LinkProps & { end?: boolean }) {
  const here = useLocation().pathname.toLowerCase();
  const path = to.toLowerCase();
  const current = here === path || (!end && here.startsWith(path.endsWith("/") ? path : `${path}/`));
  return (
    <AppLink {...link} to={to} aria-current={current ? "page" : undefined} className={current ? "active" : undefined} />
  );
}
