import { factories } from '@strapi/strapi';

export default factories.createCoreRouter('api::floating-footer.floating-footer');
