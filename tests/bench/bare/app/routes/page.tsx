/** A page with a loader, like every portal page, and nothing else. */
export function loader() {
  return { title: "A bare React Router page" };
}

export default function Page({ loaderData }: { loaderData: { title: string } }) {
  return (
    <main>
      <h1>{loaderData.title}</h1>
      <p>The same React and React Router versions as the portal, one route, no styles, no middleware.</p>
    </main>
  );
}
