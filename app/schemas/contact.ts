/**
 * The contact form (docs/product.md#contact-form): stored as a `contact` inquiry
 * (docs/decisions/025-two-stores-for-everything-visitors-send.md).
 */
export { contactInquirySchema as contactFormSchema } from './inquiry';
