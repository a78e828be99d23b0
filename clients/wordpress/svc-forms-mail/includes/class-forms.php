<?php
/**
 * Hosted forms on pages: the [svc_form] shortcode, the block, and the
 * server-side POST to /forms/submit.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * Shortcode, block and submission handling of hosted forms.
 */
final class Forms {

	const SHORTCODE = 'svc_form';
	const BLOCK     = 'svc-forms-mail/form';
	const TEMPLATE  = 'svc-forms-mail';

	/**
	 * Outcome of this request's POST, by form instance.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private static array $results = array();

	/**
	 * Registers the shortcode, the block and the POST handler.
	 */
	public static function register(): void {
		add_shortcode( self::SHORTCODE, array( self::class, 'shortcode' ) );
		add_action( 'init', array( self::class, 'register_block' ) );
		add_action( 'enqueue_block_editor_assets', array( self::class, 'block_editor_forms' ) );
		add_action( 'template_redirect', array( self::class, 'handle_post' ), 5 );
		add_action( 'wp_enqueue_scripts', array( self::class, 'register_assets' ) );
		add_action( 'wp_ajax_nopriv_' . Form_Cache::AJAX, array( Form_Cache::class, 'ajax_refresh' ) );
		add_action( 'wp_ajax_' . Form_Cache::AJAX, array( Form_Cache::class, 'ajax_refresh' ) );
	}

	/**
	 * Registers the front-end style and script (enqueued only where a form shows).
	 */
	public static function register_assets(): void {
		wp_register_style( 'svcfm-form', plugins_url( 'assets/form.css', SVCFM_FILE ), array(), SVCFM_VERSION );
		wp_register_script( 'svcfm-form', plugins_url( 'assets/form.js', SVCFM_FILE ), array(), SVCFM_VERSION, true );
	}

	/**
	 * Registers the dynamic block (rendered on the server like the shortcode).
	 */
	public static function register_block(): void {
		if ( ! function_exists( 'register_block_type' ) ) {
			return;
		}
		wp_register_script(
			'svcfm-block-editor',
			plugins_url( 'assets/block.js', SVCFM_FILE ),
			array( 'wp-blocks', 'wp-element', 'wp-components', 'wp-block-editor', 'wp-i18n', 'wp-server-side-render' ),
			SVCFM_VERSION,
			true
		);
		wp_set_script_translations( 'svcfm-block-editor', 'svc-forms-mail' );
		wp_register_style( 'svcfm-form', plugins_url( 'assets/form.css', SVCFM_FILE ), array(), SVCFM_VERSION );
		register_block_type(
			self::BLOCK,
			array(
				'api_version'     => 2,
				'editor_script'   => 'svcfm-block-editor',
				// The preview in the editor looks like the page.
				'editor_style'    => 'svcfm-form',
				'render_callback' => array( self::class, 'render_block' ),
				'attributes'      => array(
					'slug'             => array(
						'type'    => 'string',
						'default' => '',
					),
					'autoreply'        => array(
						'type'    => 'boolean',
						'default' => false,
					),
					'autoreplySubject' => array(
						'type'    => 'string',
						'default' => '',
					),
					'autoreplyBody'    => array(
						'type'    => 'string',
						'default' => '',
					),
				),
			)
		);
	}

	/**
	 * The block's list of forms, asked for only when an editor opens (never on
	 * a visitor's page view).
	 */
	public static function block_editor_forms(): void {
		wp_add_inline_script( 'svcfm-block-editor', 'window.svcfmForms = ' . wp_json_encode( (object) Form_Cache::available() ) . ';', 'before' );
	}

	/**
	 * The block's render callback.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 */
	public static function render_block( $attributes ): string {
		$attributes = is_array( $attributes ) ? $attributes : array();
		return self::shortcode(
			array(
				'slug'              => (string) ( $attributes['slug'] ?? '' ),
				'autoreply'         => ! empty( $attributes['autoreply'] ) ? 'yes' : 'no',
				'autoreply_subject' => (string) ( $attributes['autoreplySubject'] ?? '' ),
				'autoreply_body'    => (string) ( $attributes['autoreplyBody'] ?? '' ),
			)
		);
	}

	/**
	 * Reads shortcode attributes into a form configuration.
	 *
	 * @param array<string, mixed>|string $atts Attributes.
	 * @return array<string, mixed>
	 */
	public static function config( $atts ): array {
		$atts = shortcode_atts(
			array(
				'slug'              => '',
				'form_id'           => '',
				'notify'            => '',
				'autoreply'         => 'no',
				'autoreply_subject' => '',
				'autoreply_body'    => '',
			),
			is_array( $atts ) ? $atts : array(),
			self::SHORTCODE
		);
		$notify = array();
		foreach ( Mail_Message::split_addresses( (string) $atts['notify'] ) as $address ) {
			if ( is_email( $address ) ) {
				$notify[] = $address;
			}
		}
		return array(
			'slug'              => strtolower( trim( (string) $atts['slug'] ) ),
			'form_id'           => absint( $atts['form_id'] ),
			'notify'            => array_slice( $notify, 0, 10 ),
			'autoreply'         => in_array( strtolower( (string) $atts['autoreply'] ), array( 'yes', '1', 'true', 'on' ), true ),
			'autoreply_subject' => mb_substr( sanitize_text_field( (string) $atts['autoreply_subject'] ), 0, 200 ),
			'autoreply_body'    => mb_substr( wp_kses_post( (string) $atts['autoreply_body'] ), 0, 20000 ),
		);
	}

	/**
	 * Signs a configuration into the hidden field, so that the POST cannot
	 * change where notifications go.
	 *
	 * @param array<string, mixed> $config Form configuration.
	 */
	public static function sign( array $config ): string {
		$json = (string) wp_json_encode( $config );
		return base64_encode( $json ) . '.' . hash_hmac( 'sha256', $json, wp_salt( 'nonce' ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- transport encoding.
	}

	/**
	 * Reads a signed configuration; null when forged or broken.
	 *
	 * @param string $token The hidden field's value.
	 * @return array<string, mixed>|null
	 */
	public static function verify_token( string $token ): ?array {
		$parts = explode( '.', $token, 2 );
		if ( 2 !== count( $parts ) ) {
			return null;
		}
		$json = base64_decode( $parts[0], true ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- transport encoding.
		if ( false === $json || ! hash_equals( hash_hmac( 'sha256', $json, wp_salt( 'nonce' ) ), $parts[1] ) ) {
			return null;
		}
		$config = json_decode( $json, true );
		return is_array( $config ) && isset( $config['slug'] ) ? $config : null;
	}

	/**
	 * The instance id of a configuration (element id, result key).
	 *
	 * @param array<string, mixed> $config Form configuration.
	 */
	public static function instance( array $config ): string {
		return substr( md5( (string) wp_json_encode( $config ) ), 0, 10 );
	}

	/**
	 * The positive integer form_id sent with submissions: the shortcode's
	 * form_id, else one derived from the hosted form's id.
	 *
	 * @param array<string, mixed> $config Form configuration.
	 * @param array<string, mixed> $form   Hosted form.
	 */
	public static function form_id( array $config, array $form ): int {
		if ( ! empty( $config['form_id'] ) ) {
			return (int) $config['form_id'];
		}
		$n = (int) sprintf( '%u', crc32( (string) ( $form['id'] ?? $config['slug'] ) ) );
		return max( 1, $n );
	}

	/**
	 * The shortcode: the form, its errors, or the success message.
	 *
	 * @param array<string, mixed>|string $atts Attributes.
	 */
	public static function shortcode( $atts ): string {
		$config   = self::config( $atts );
		$instance = self::instance( $config );
		if ( '' === $config['slug'] ) {
			return self::unavailable( __( 'The form shortcode needs a slug, e.g. [svc_form slug="contact"].', 'svc-forms-mail' ) );
		}
		if ( ! Settings::is_configured() ) {
			return self::unavailable( __( 'The form service is not configured yet.', 'svc-forms-mail' ) );
		}
		$got = Form_Cache::get( $config['slug'] );
		if ( null === $got['form'] ) {
			return self::unavailable( self::form_error_text( $got['error'] ) );
		}
		$form = $got['form'];
		wp_enqueue_style( 'svcfm-form' );

		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a display flag after the redirect.
		$sent = isset( $_GET['svcfm_sent'] ) ? sanitize_key( wp_unslash( $_GET['svcfm_sent'] ) ) : '';
		if ( $sent === $instance ) {
			return Form_Renderer::success( $form, $instance );
		}
		$result = self::$results[ $instance ] ?? array();
		if ( ( $result['status'] ?? '' ) === 'success' ) {
			return Form_Renderer::success( $form, $instance );
		}

		$captcha_markup = '';
		$captcha        = Captcha::settings();
		if ( Captcha::active( $captcha ) ) {
			wp_enqueue_script( 'svcfm-captcha', Captcha::script_url( $captcha ), array(), null, true ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion -- the provider's own script.
			$captcha_markup = Captcha::markup( $captcha );
			if ( 'recaptcha_v3' === $captcha['provider'] ) {
				wp_enqueue_script( 'svcfm-form' );
			}
		}
		return Form_Renderer::render(
			$form,
			array(
				'instance' => $instance,
				'token'    => self::sign( $config ),
				'values'   => $result['values'] ?? array(),
				'errors'   => $result['errors'] ?? array(),
				'notice'   => $result['notice'] ?? '',
			),
			$captcha_markup
		);
	}

	/**
	 * A short note where the form would be (never a PHP warning).
	 *
	 * @param string $text What to say.
	 */
	private static function unavailable( string $text ): string {
		// Visitors get a neutral sentence; editors see why.
		if ( ! current_user_can( 'edit_posts' ) ) {
			$text = __( 'This form is not available right now. Please try again later.', 'svc-forms-mail' );
		}
		return '<div class="svcfm-form-wrap svcfm-unavailable"><p>' . esc_html( $text ) . '</p></div>';
	}

	/**
	 * Words for render errors.
	 *
	 * @param string $code Error code.
	 */
	private static function form_error_text( string $code ): string {
		switch ( $code ) {
			case 'form_not_found':
				return __( 'The service has no form with this slug.', 'svc-forms-mail' );
			case 'form_archived':
				return __( 'This form is archived in the service.', 'svc-forms-mail' );
			case 'invalid_slug':
				return __( 'A form slug has lowercase letters, digits and hyphens only.', 'svc-forms-mail' );
			case 'invalid_api_key':
			case 'missing_api_key':
				return __( 'The service did not accept the API key: see Settings.', 'svc-forms-mail' );
			case 'site_disabled':
				return __( 'The service has disabled this site.', 'svc-forms-mail' );
			default:
				/* translators: %s: an error code. */
				return sprintf( __( 'The form could not be loaded (%s).', 'svc-forms-mail' ), $code );
		}
	}

	/**
	 * Handles a form POST before the page renders: validates, sends to
	 * /forms/submit (or keeps it for WP-Cron), then redirects to the success
	 * message, or lets the page render the errors.
	 */
	public static function handle_post(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- a public form: signed config, honeypot and captcha instead of a nonce (nonces break with page caches).
		if ( 'POST' !== ( $_SERVER['REQUEST_METHOD'] ?? '' ) || ! isset( $_POST['svcfm_form'] ) ) {
			return;
		}
		$config = self::verify_token( sanitize_text_field( wp_unslash( (string) $_POST['svcfm_form'] ) ) );
		if ( null === $config ) {
			return;
		}
		$instance = self::instance( $config );
		$post     = wp_unslash( $_POST );
		// phpcs:enable
		$input = is_array( $post['svcfm'] ?? null ) ? $post['svcfm'] : array();

		// A filled honeypot: answered like a success, sent nowhere.
		if ( '' !== trim( (string) ( $post[ Form_Renderer::HONEYPOT ] ?? '' ) ) ) {
			self::done( $instance );
			return;
		}
		$got = Form_Cache::get( (string) $config['slug'] );
		if ( null === $got['form'] ) {
			self::$results[ $instance ] = array(
				'status' => 'error',
				'notice' => __( 'This form is not available right now. Please try again later.', 'svc-forms-mail' ),
			);
			return;
		}
		$form    = $got['form'];
		$checked = Form_Renderer::validate( $form, $input );
		if ( $checked['errors'] ) {
			self::$results[ $instance ] = array(
				'status' => 'errors',
				'values' => $checked['values'],
				'errors' => $checked['errors'],
			);
			return;
		}

		$payload  = self::payload( $config, $form, $checked['values'], Captcha::token( Captcha::settings(), $post ) );
		$response = Queue::submit_or_keep( $payload, 'hosted:' . $config['slug'], true );
		if ( null !== $response && ! $response->ok() && 'invalid_payload' === $response->code() ) {
			$errors = self::field_errors( $response );
			if ( $errors ) {
				self::$results[ $instance ] = array(
					'status' => 'errors',
					'values' => $checked['values'],
					'errors' => $errors,
				);
				return;
			}
			// Not about a field the visitor can fix: keep it for the admin to see.
			Outcomes::record( 'failed', 'hosted:' . $config['slug'], $payload );
			Queue::keep_failed( $payload, 'hosted:' . $config['slug'], $response->describe() );
		}
		// Stored, spam, blocked, kept for a retry: the visitor sees the same success.
		self::done( $instance );
	}

	/**
	 * The POST /forms/submit body of a hosted form submission.
	 *
	 * @param array<string, mixed>  $config  Form configuration.
	 * @param array<string, mixed>  $form    Hosted form.
	 * @param array<string, string> $values  Checked values.
	 * @param string                $captcha The captcha token.
	 * @return array<string, mixed>
	 */
	public static function payload( array $config, array $form, array $values, string $captcha ): array {
		$settings = is_array( $form['settings'] ?? null ) ? $form['settings'] : array();
		$payload  = array(
			'form_id'   => self::form_id( $config, $form ),
			'fields'    => (object) $values,
			'form_name' => mb_substr( (string) ( $form['name'] ?? $config['slug'] ), 0, 200 ),
			'template'  => self::TEMPLATE,
			// The service shows the hosted form's labels in the notification (an extension; ignored elsewhere).
			'form_slug' => (string) $config['slug'],
			'visitor'   => self::visitor(),
			'site_url'  => home_url( '/' ),
		);
		$notify = $config['notify'] ?? array();
		if ( $notify ) {
			$payload['notify_emails'] = array_values( $notify );
		} elseif ( ! empty( $settings['notify_email'] ) && is_string( $settings['notify_email'] ) ) {
			$payload['notify_email'] = $settings['notify_email'];
		}
		if ( ! empty( $settings['from_name'] ) && is_string( $settings['from_name'] ) ) {
			$payload['from_name'] = mb_substr( $settings['from_name'], 0, 120 );
		}
		if ( '' !== $captcha ) {
			$payload['captcha_token'] = $captcha;
		}
		if ( ! empty( $config['autoreply'] ) ) {
			$confirm = array( 'enabled' => true );
			if ( '' !== (string) ( $config['autoreply_subject'] ?? '' ) ) {
				$confirm['subject'] = (string) $config['autoreply_subject'];
			}
			if ( '' !== (string) ( $config['autoreply_body'] ?? '' ) ) {
				$confirm['body'] = (string) $config['autoreply_body'];
			}
			$payload['confirm'] = $confirm;
		}
		return $payload;
	}

	/**
	 * The visitor as the service wants it: IP, user agent, referrer.
	 *
	 * @return array<string, string>
	 */
	public static function visitor(): array {
		$ip = Proxy::visitor_ip();
		/**
		 * The visitor's IP address sent to the service: REMOTE_ADDR, or the
		 * trusted proxy header's address (Settings → Visitor addresses).
		 *
		 * @param string $ip The address.
		 */
		$ip      = (string) apply_filters( 'svcfm_visitor_ip', $ip );
		$visitor = array();
		if ( '' !== $ip && false !== filter_var( $ip, FILTER_VALIDATE_IP ) ) {
			$visitor['ip'] = $ip;
		}
		if ( ! empty( $_SERVER['HTTP_USER_AGENT'] ) ) {
			$visitor['user_agent'] = mb_substr( sanitize_text_field( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ) ), 0, 500 );
		}
		if ( ! empty( $_SERVER['HTTP_REFERER'] ) ) {
			$visitor['referrer'] = mb_substr( esc_url_raw( wp_unslash( $_SERVER['HTTP_REFERER'] ) ), 0, 500 );
		}
		return $visitor;
	}

	/**
	 * Field errors from an invalid_payload answer (details with field "fields.<name>").
	 *
	 * @param Response $response The answer.
	 * @return array<string, string>
	 */
	public static function field_errors( Response $response ): array {
		$errors = array();
		foreach ( (array) ( $response->body['details'] ?? array() ) as $d ) {
			if ( is_array( $d ) && isset( $d['field'] ) && is_string( $d['field'] ) && str_starts_with( $d['field'], 'fields.' ) ) {
				$errors[ substr( $d['field'], 7 ) ] = is_string( $d['message'] ?? null ) ? ucfirst( $d['message'] ) : __( 'Please check this field.', 'svc-forms-mail' );
			}
		}
		return $errors;
	}

	/**
	 * Ends a successful POST: redirect to the page with the success flag
	 * (a reload then does not send twice).
	 *
	 * @param string $instance Form instance.
	 */
	private static function done( string $instance ): void {
		self::$results[ $instance ] = array( 'status' => 'success' );
		// A relative address: right behind proxies whose Host differs from the site's.
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '/';
		$uri = '/' . ltrim( (string) preg_replace( '#^[a-z][a-z0-9+.-]*://[^/]*#i', '', $uri ), '/' );
		$url = add_query_arg( 'svcfm_sent', $instance, remove_query_arg( 'svcfm_sent', $uri ) ) . '#svcfm-' . $instance;
		if ( ! headers_sent() && wp_safe_redirect( $url, 303 ) ) {
			exit;
		}
	}
}
