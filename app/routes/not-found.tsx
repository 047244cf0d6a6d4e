import { data } from "react-router";

export const handle = { hydrate: false };

// Every unknown URL ends here so the root boundary can say "page not found" with a way home.
export function loader() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export function action() {
  throw data({ reason: "not-found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
