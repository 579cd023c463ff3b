/**
 * /About (spec §2 Static pages): the same page as /about-us (its title from the about content,
 * its content, its metadata), under the spec's capitalised path.
 */
export { default, generateMetadata } from '../about-us/page';
