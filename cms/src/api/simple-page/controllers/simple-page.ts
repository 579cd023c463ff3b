import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::simple-page.simple-page');
