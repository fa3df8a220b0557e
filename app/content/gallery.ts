/**
 * Gallery images (docs/product.md#content-pages: 16 static images in five categories; home carousel
 * shows 7).
 */
export const GALLERY_CATEGORIES = ['culture', 'landscapes', 'adventures', 'rural', 'landmarks'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export type GalleryImage = { src: string; alt: string; location: string; category: GalleryCategory };

export const galleryImages: readonly GalleryImage[] = [
  { src: '/images/gallery/landscapes-1.svg', alt: 'Kanchenjunga glowing pink at dawn above a sea of clouds', location: 'Pelling', category: 'landscapes' },
  { src: '/images/gallery/culture-1.svg', alt: 'Masked Cham dancers whirling in a monastery courtyard', location: 'Pemayangtse', category: 'culture' },
  { src: '/images/gallery/adventures-1.svg', alt: 'Trekkers on a golden ridge trail towards their tents', location: 'Dzongri', category: 'adventures' },
  { src: '/images/gallery/rural-1.svg', alt: 'Village homestay above green and golden terraced fields', location: 'Uttarey', category: 'rural' },
  { src: '/images/gallery/landmarks-1.svg', alt: 'Golden-roofed monastery with chortens and prayer flags', location: 'Rumtek', category: 'landmarks' },
  { src: '/images/gallery/landscapes-4.svg', alt: 'High glacial lake with a white chorten and prayer flags', location: 'Gurudongmar', category: 'landscapes' },
  {
    src: '/images/gallery/adventures-2.svg',
    alt: 'A raft crashing through white-water rapids on the Teesta',
    location: 'Teesta River',
    category: 'adventures',
  },
  { src: '/images/gallery/culture-2.svg', alt: 'A woman weaving colourful cloth on a backstrap loom', location: 'Lingdem', category: 'culture' },
  { src: '/images/gallery/rural-2.svg', alt: 'A farmer harvesting red cardamom under alder trees', location: 'Dzongu', category: 'rural' },
  { src: '/images/gallery/landmarks-2.svg', alt: 'The Gangtok ropeway gliding over the town in evening light', location: 'Gangtok', category: 'landmarks' },
  {
    src: '/images/gallery/landscapes-2.svg',
    alt: 'The Teesta winding through a forested gorge in morning mist',
    location: 'North Sikkim',
    category: 'landscapes',
  },
  { src: '/images/gallery/culture-3.svg', alt: 'Butter lamps glowing before a golden Buddha statue', location: 'Enchey Monastery', category: 'culture' },
  { src: '/images/gallery/adventures-3.svg', alt: 'Paragliders soaring over the hillside town of Gangtok', location: 'Gangtok', category: 'adventures' },
  { src: '/images/gallery/rural-3.svg', alt: 'A family cooking on a clay wood-fired stove in a village kitchen', location: 'Kaluk', category: 'rural' },
  { src: '/images/gallery/landmarks-3.svg', alt: 'The Darjeeling toy train steaming around the Batasia Loop', location: 'Darjeeling', category: 'landmarks' },
  { src: '/images/gallery/landscapes-3.svg', alt: 'Rhododendrons in red and pink bloom below snow peaks', location: 'Yumthang Valley', category: 'landscapes' },
];

/** The 7 images of the home gallery carousel (docs/product.md#other-home-sections). */
export const homeGalleryImages = galleryImages.slice(0, 7);

/** Label of a category filter button. */
export function galleryCategoryLabel(category: GalleryCategory | 'all'): string {
  return category === 'all' ? 'All' : category[0]!.toUpperCase() + category.slice(1);
}
