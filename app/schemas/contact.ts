/** The contact form (spec section 5): stored as a `contact` inquiry (D11). */
export { contactInquirySchema as contactFormSchema } from './inquiry';
