/**
 * When a stored rating is shown (docs/decisions/006-display-fields.md): "no rating" is stored as
 * rating 0 with 0 reviews, and a rating appears on public pages and in JSON-LD only with at least one
 * review. Client-safe.
 */

/** The two stored display fields a rating is made of. */
export type StoredRating = { rating: number; reviewCount: number };

/** True when the public pages show the rating: a rating from 1 to 5 backed by at least one review. */
export function showsRating({ rating, reviewCount }: StoredRating): boolean {
  return reviewCount > 0 && rating >= 1;
}

/** The editor's values of a stored rating: both blank when there is none. */
export function ratingFormValues(r: StoredRating): { rating: number | ''; reviewCount: number | '' } {
  return showsRating(r) ? { rating: r.rating, reviewCount: r.reviewCount } : { rating: '', reviewCount: '' };
}
