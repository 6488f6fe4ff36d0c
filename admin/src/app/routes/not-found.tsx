export function NotFoundRoute() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-slate-600">Oops! Page not found</p>
      <a href="/" className="text-blue-700 underline">
        Return to Home
      </a>
    </main>
  );
}
