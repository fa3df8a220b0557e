/**
 * /gallery (docs/product.md#content-pages): 16 images, category filter, lightbox, link to
 * /packages. The lightbox (with Radix Dialog, about 11 KB compressed) loads when a visitor points
 * at, focuses or touches a photo, so the page's first download does not carry it.
 *
 * Both controls work before and without JavaScript (docs/architecture.md, "Controls before and
 * after hydration"): the category filter is links to `?category=...`, which the loader reads (and,
 * once hydrated, the client loader, so filtering needs no request and keeps the scroll position);
 * each photo links to its image file, and once hydrated a plain click opens the lightbox instead.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/site/page-header';
import { Picture } from '~/components/ui/picture';
import { buttonClass } from '~/components/ui/button';
import { GALLERY_CATEGORIES, galleryCategoryLabel, galleryImages, type GalleryCategory } from '~/content/gallery';
import { cn } from '~/lib/cn';
import { isPlainClick } from '~/lib/plain-click';
import { pageMeta, siteNameFrom } from '~/lib/meta';
import type { Route } from './+types/gallery';

const loadLightbox = () => import('~/components/site/gallery-lightbox');
const GalleryLightbox = lazy(() => loadLightbox().then((m) => ({ default: m.GalleryLightbox })));
const preloadLightbox = () => void loadLightbox();

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta('Gallery', 'Monasteries, lakes, villages, high roads and festivals: moments from Sikkim and Darjeeling in pictures.', siteNameFrom(matches));

type CategoryFilter = GalleryCategory | 'all';

/** The category a `?category=` value names; anything else shows all photos. */
function categoryOf(url: string): CategoryFilter {
  const value = new URL(url).searchParams.get('category');
  return (GALLERY_CATEGORIES as readonly string[]).includes(value ?? '') ? (value as GalleryCategory) : 'all';
}

export function loader({ request }: Route.LoaderArgs) {
  return { category: categoryOf(request.url) };
}

/** The same answer in the browser, so a filter link needs no request to the server. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { category: categoryOf(request.url) };
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData;
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so that closing returns focus to the photo.
  const [lightboxUsed, setLightboxUsed] = useState(false);
  const images = category === 'all' ? galleryImages : galleryImages.filter((image) => image.category === category);

  return (
    <>
      <PageHeader
        eyebrow="Gallery"
        title="Moments from Sikkim & Darjeeling"
        intro="Culture, landscapes, adventures, village life and landmarks from the trips we run. Tap a picture to see it larger."
      />
      <section aria-label="Photos" className="container-page py-14 md:py-20">
        <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
          {(['all', ...GALLERY_CATEGORIES] as const).map((c) => (
            <Link
              key={c}
              to={c === 'all' ? '/gallery' : `/gallery?category=${c}`}
              preventScrollReset
              aria-current={category === c ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold ring-1 transition-colors',
                category === c ? 'bg-forest-700 text-white ring-forest-700' : 'bg-white text-ink ring-forest-100 hover:bg-forest-50',
              )}
            >
              {galleryCategoryLabel(c)}
            </Link>
          ))}
        </div>
        <p className="mt-4 text-sm text-muted" aria-live="polite">
          Showing {images.length} of {galleryImages.length} photos
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3 md:gap-5 lg:grid-cols-4">
          {images.map((image, index) => (
            <li key={image.src}>
              <a
                href={image.src}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  setLightboxUsed(true);
                  setOpen(index);
                }}
                onPointerEnter={preloadLightbox}
                onFocus={preloadLightbox}
                onTouchStart={preloadLightbox}
                className="group relative block w-full overflow-hidden rounded-card bg-mist text-left"
                aria-label={`Open photo: ${image.alt}`}
              >
                <Picture
                  src={image.src}
                  alt=""
                  width={1200}
                  height={900}
                  className="aspect-[4/3] w-full object-cover transition-transform duration-500 motion-safe:group-hover:scale-105"
                />
                <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent px-3 pt-8 pb-2 text-sm font-medium text-white">
                  {image.location}
                </span>
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-14 flex flex-col items-center gap-4 rounded-panel bg-mist px-6 py-10 text-center">
          <h2 className="text-title font-semibold">See these places for yourself</h2>
          <p className="max-w-xl text-muted">Every photo here is on one of our routes. Pick a package and we will take you there.</p>
          <Link to="/packages" className={buttonClass('primary', 'lg')}>
            Explore Tour Packages
          </Link>
        </div>
      </section>
      {lightboxUsed ? (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
