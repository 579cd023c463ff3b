import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::sub-menu.sub-menu');
