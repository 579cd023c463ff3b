import { factories } from '@strapi/strapi';

export default factories.createCoreService('api::simple-page.simple-page');
