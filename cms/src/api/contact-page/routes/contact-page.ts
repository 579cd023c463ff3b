import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::contact-page.contact-page');
