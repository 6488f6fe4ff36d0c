/**
 * The home page's category sections, in page order (spec section 2): what
 * index.astro lays out and what the phone's section menu links to
 * (SectionMenu.astro; issue #34). The anchor of each is its heading's id.
 */
export const HOME_SECTIONS = [
  { title: 'Jornalismo', slug: 'politica' },
  { title: 'Esporte', slug: 'esportes' },
  { title: 'Entretenimento', slug: 'cultura' },
  { title: 'Tecnologia', slug: 'tecnologia' },
  { title: 'Meio Ambiente', slug: 'meio-ambiente' },
] as const;

/** The id HomeSection gives a section's heading. */
export const sectionAnchor = (slug: string) => `section-${slug}`;
