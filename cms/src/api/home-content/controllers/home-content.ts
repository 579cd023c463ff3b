import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::home-content.home-content');
