import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::simple-page.simple-page');
