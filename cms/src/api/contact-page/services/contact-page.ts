import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::contact-page.contact-page');
