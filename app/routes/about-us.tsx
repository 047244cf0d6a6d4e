import { ContentPage } from "../components/content-page.tsx";
import { sanitizedSitePage } from "../content/site-pages.server.ts";
import { titleMeta } from "../components/meta.ts";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "About Us");

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await sanitizedSitePage(context, "about") };
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <ContentPage title="About Us" html={loaderData.html} />;
}
