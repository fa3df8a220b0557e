/** Header links (docs/product.md#navigation-and-chrome). */
export const headerLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/packages', label: 'Tour Packages' },
  { to: '/cars', label: 'Cab Services' },
  { to: '/rural-tourism', label: 'Rural Tourism' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Footer quick links (docs/product.md#navigation-and-chrome). */
export const footerLinks = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/packages', label: 'Tour Packages' },
  { to: '/contact', label: 'Contact' },
] as const;

/** Footer package categories: all go to /packages (docs/product.md#navigation-and-chrome). */
export const footerCategories = ['Adventure', 'Cultural', 'Honeymoon', 'Trekking'] as const;

/** The header turns white with a shadow after this much scroll (docs/product.md#business-constants). */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
