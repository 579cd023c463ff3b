import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::home-menu.home-menu');
