/** Gallery images (spec section 2 Gallery: 16 static images in five categories; home carousel shows 7). */
export const GALLERY_CATEGORIES = ['culture', 'landscapes', 'adventures', 'rural', 'landmarks'] as const;
export type GalleryCategory = (typeof GALLERY_CATEGORIES)[number];

export type GalleryImage = { src: string; alt: string; location: string; category: GalleryCategory };

export const galleryImages: readonly GalleryImage[] = [
  { src: '/images/gallery/landscapes-1.svg', alt: 'Kanchenjunga at sunrise above layered ridges', location: 'Pelling', category: 'landscapes' },
  { src: '/images/gallery/culture-1.svg', alt: 'Monks in maroon robes in a monastery courtyard', location: 'Rumtek', category: 'culture' },
  { src: '/images/gallery/adventures-1.svg', alt: 'Motorbikes on a high mountain road', location: 'North Sikkim', category: 'adventures' },
  { src: '/images/gallery/rural-1.svg', alt: 'Village homestay with terraced fields', location: 'Dzongu', category: 'rural' },
  { src: '/images/gallery/landmarks-1.svg', alt: 'The giant Buddha statue of Ravangla', location: 'Ravangla', category: 'landmarks' },
  { src: '/images/gallery/landscapes-2.svg', alt: 'Frozen Gurudongmar Lake under a clear sky', location: 'Gurudongmar', category: 'landscapes' },
  { src: '/images/gallery/culture-2.svg', alt: 'Prayer flags strung across a mountain pass', location: 'Nathula', category: 'culture' },
  { src: '/images/gallery/adventures-2.svg', alt: 'Trekkers on the trail to Goecha La', location: 'Dzongri', category: 'adventures' },
  { src: '/images/gallery/rural-2.svg', alt: 'Cardamom fields and a farmhouse in the hills', location: 'Kaluk', category: 'rural' },
  { src: '/images/gallery/landmarks-2.svg', alt: 'Prayer wheels along the monastery walls', location: 'Gangtok', category: 'landmarks' },
  { src: '/images/gallery/landscapes-3.svg', alt: 'Rhododendron valley in spring bloom', location: 'Yumthang', category: 'landscapes' },
  { src: '/images/gallery/culture-3.svg', alt: 'Masked Cham dance at a monastery festival', location: 'Pemayangtse', category: 'culture' },
  { src: '/images/gallery/adventures-3.svg', alt: 'Paragliders over the Gangtok valley', location: 'Gangtok', category: 'adventures' },
  { src: '/images/gallery/rural-3.svg', alt: 'Tea pickers between rows of a hillside estate', location: 'Darjeeling', category: 'rural' },
  { src: '/images/gallery/landmarks-3.svg', alt: 'Toy train curling around the Batasia Loop', location: 'Darjeeling', category: 'landmarks' },
  { src: '/images/gallery/landscapes-4.svg', alt: 'Tsomgo Lake ringed by snowy slopes', location: 'East Sikkim', category: 'landscapes' },
];

/** The 7 images of the home gallery carousel (spec section 9). */
export const homeGalleryImages = galleryImages.slice(0, 7);

/** Label of a category filter button. */
export function galleryCategoryLabel(category: GalleryCategory | 'all'): string {
  return category === 'all' ? 'All' : category[0]!.toUpperCase() + category.slice(1);
}
