import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::home-content.home-content');
