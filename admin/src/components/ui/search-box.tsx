/** The search field above every server-side list; debouncing lives in useListParams. */
export function SearchBox({ label, placeholder, list }: { label: string; placeholder: string; list: { searchInput: string; setSearchInput: (v: string) => void } }) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={list.searchInput}
      onChange={(e) => list.setSearchInput(e.target.value)}
      className="w-full max-w-sm rounded-md border border-slate-300 px-3 py-2 text-sm"
    />
  );
}
