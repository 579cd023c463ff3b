/**
 * /Contact (spec §2 Static pages): the same page as /contact-us (its title from the contact
 * content, its content and form, its metadata), under the spec's capitalised path.
 */
export { default, generateMetadata } from '../contact-us/page';
