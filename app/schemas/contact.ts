/**
 * The contact form (docs/product.md#contact-form): stored as a `contact` inquiry
 * (docs/decisions/013-open-points-resolved.md).
 */
export { contactInquirySchema as contactFormSchema } from './inquiry';
