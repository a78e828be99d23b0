<?php
/**
 * Settings → SVC Forms & Mail: settings and Connect, status, mail log, queue.
 *
 * @package SvcFormsMail
 */

namespace SvcFormsMail;

defined( 'ABSPATH' ) || exit;

/**
 * The admin page and its actions (admin-post.php, nonces, manage_options).
 */
final class Admin {

	const SLUG  = 'svc-forms-mail';
	const FLASH = 'svcfm_flash_';

	/**
	 * Registers the page and the actions.
	 */
	public static function register(): void {
		add_action( 'admin_menu', array( self::class, 'menu' ) );
		add_action( 'admin_post_svcfm_save', array( self::class, 'save' ) );
		add_action( 'admin_post_svcfm_test_mail', array( self::class, 'test_mail' ) );
		add_action( 'admin_post_svcfm_retry', array( self::class, 'retry' ) );
		add_action( 'admin_post_svcfm_queue_row', array( self::class, 'queue_row' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'assets' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( SVCFM_FILE ), array( self::class, 'action_links' ) );
	}

	/**
	 * Adds Settings → SVC Forms & Mail.
	 */
	public static function menu(): void {
		add_options_page(
			__( 'SVC Forms & Mail', 'svc-forms-mail' ),
			__( 'SVC Forms & Mail', 'svc-forms-mail' ),
			'manage_options',
			self::SLUG,
			array( self::class, 'page' )
		);
	}

	/**
	 * The page's style.
	 *
	 * @param string $hook Admin page hook.
	 */
	public static function assets( $hook ): void {
		wp_enqueue_style( 'svcfm-admin', plugins_url( 'assets/admin.css', SVCFM_FILE ), array(), SVCFM_VERSION );
		unset( $hook );
	}

	/**
	 * A Settings link on the Plugins screen.
	 *
	 * @param string[] $links Links.
	 * @return string[]
	 */
	public static function action_links( $links ) {
		array_unshift( $links, '<a href="' . esc_url( self::url() ) . '">' . esc_html__( 'Settings', 'svc-forms-mail' ) . '</a>' );
		return $links;
	}

	/**
	 * The page's address.
	 *
	 * @param string $tab Tab.
	 */
	public static function url( string $tab = '' ): string {
		$args = array( 'page' => self::SLUG );
		if ( '' !== $tab ) {
			$args['tab'] = $tab;
		}
		return add_query_arg( $args, admin_url( 'options-general.php' ) );
	}

	/**
	 * Keeps a message for the next page view of this user.
	 *
	 * @param string $type success, warning or error.
	 * @param string $text The message.
	 */
	private static function flash( string $type, string $text ): void {
		set_transient( self::FLASH . get_current_user_id(), array( $type, $text ), 120 );
	}

	/**
	 * Stops unless the user may manage options and the nonce is good.
	 *
	 * @param string $action Nonce action.
	 */
	private static function guard( string $action ): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'You are not allowed to do this.', 'svc-forms-mail' ), 403 );
		}
		check_admin_referer( $action, '_svcfm_nonce' );
	}

	/**
	 * Saves the settings; with "Save and connect", calls POST /sites/verify.
	 */
	public static function save(): void {
		self::guard( 'svcfm_save' );
		$url_in = isset( $_POST['service_url'] ) ? sanitize_text_field( wp_unslash( $_POST['service_url'] ) ) : '';
		$url    = Settings::normalize_service_url( $url_in );
		$key_in = isset( $_POST['api_key'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['api_key'] ) ) ) : '';
		$notify = isset( $_POST['forward_notify'] ) ? sanitize_email( wp_unslash( $_POST['forward_notify'] ) ) : '';
		$h_in   = isset( $_POST['smtp_host'] ) ? sanitize_text_field( wp_unslash( $_POST['smtp_host'] ) ) : '';
		$values = array(
			'service_url'     => $url,
			'mail_enabled'    => ! empty( $_POST['mail_enabled'] ),
			'mail_fallback'   => ! empty( $_POST['mail_fallback'] ),
			'forward_cf7'     => ! empty( $_POST['forward_cf7'] ),
			'forward_wpforms' => ! empty( $_POST['forward_wpforms'] ),
			'forward_gf'      => ! empty( $_POST['forward_gf'] ),
			'forward_notify'  => $notify,
		) + self::mail_mode_values( wp_unslash( $_POST ) );
		$proxy  = self::proxy_values( wp_unslash( $_POST ) );
		$values = $values + $proxy['values'];
		$mode   = $values['mail_mode'];
		$host   = $values['smtp_host'];
		$before = Settings::all();
		if ( '' !== $key_in ) {
			$values['api_key'] = $key_in;
		}
		if ( ! empty( $_POST['forget_key'] ) ) {
			$values['api_key'] = '';
		}
		Settings::update( $values );
		if ( $before['service_url'] !== $url || ( isset( $values['api_key'] ) && $values['api_key'] !== $before['api_key'] ) ) {
			// Another service or site: nothing cached from the old one applies.
			Settings::set_connection( array() );
			Captcha::forget();
			Notices::forget();
			Form_Cache::flush();
		}
		$smtp = Settings::smtp();
		if ( '' !== $url_in && '' === $url ) {
			self::flash( 'error', __( 'The service URL must be a full http:// or https:// address.', 'svc-forms-mail' ) );
		} elseif ( '' !== trim( $h_in ) && '' === $host ) {
			self::flash( 'error', __( 'The SMTP host must be a host name or an IP address (without a port).', 'svc-forms-mail' ) );
		} elseif ( $proxy['invalid'] ) {
			/* translators: %s: the entries that were left out. */
			self::flash( 'error', sprintf( __( 'Settings saved, but these trusted proxies are not IP addresses or CIDR ranges and were left out: %s', 'svc-forms-mail' ), implode( ', ', $proxy['invalid'] ) ) );
		} elseif ( '' !== $proxy['values']['proxy_header'] && ! $proxy['values']['trusted_proxies'] ) {
			self::flash( 'warning', __( 'Settings saved, but the visitor address header is used only for requests from listed proxies: add your proxy’s or CDN’s addresses.', 'svc-forms-mail' ) );
		} elseif ( isset( $_POST['connect'] ) ) {
			// In the SMTP mode Connect logs in to the submission port too and reports what failed.
			self::connect();
		} elseif ( 'smtp' === $mode && 'none' === $smtp['encryption'] && ! Settings::is_loopback_host( $smtp['host'] ) ) {
			/* translators: %s: a host name. */
			self::flash( 'warning', sprintf( __( 'Settings saved, but the service accepts the API key without encryption only from its own machine: with %s choose STARTTLS.', 'svc-forms-mail' ), $smtp['host'] ) );
		} else {
			self::flash( 'success', __( 'Settings saved.', 'svc-forms-mail' ) );
		}
		wp_safe_redirect( self::url() );
		exit;
	}

	/**
	 * The mail mode and the SMTP mode's settings from the settings form.
	 *
	 * @param array<string, mixed> $post The form's fields (unslashed).
	 * @return array{mail_mode: string, smtp_host: string, smtp_port: int, smtp_encryption: string}
	 */
	public static function mail_mode_values( array $post ): array {
		$port = isset( $post['smtp_port'] ) ? absint( $post['smtp_port'] ) : Settings::SMTP_PORT;
		$enc  = isset( $post['smtp_encryption'] ) ? sanitize_key( (string) $post['smtp_encryption'] ) : 'auto';
		return array(
			'mail_mode'       => isset( $post['mail_mode'] ) && 'smtp' === $post['mail_mode'] ? 'smtp' : 'api',
			'smtp_host'       => Settings::normalize_smtp_host( sanitize_text_field( (string) ( $post['smtp_host'] ?? '' ) ) ),
			'smtp_port'       => $port > 0 && $port < 65536 ? $port : Settings::SMTP_PORT,
			'smtp_encryption' => in_array( $enc, array( 'auto', 'starttls', 'none' ), true ) ? $enc : 'auto',
		);
	}

	/**
	 * Why the service does not answer now ('' when it does): an open circuit,
	 * or the last block-status call (the one every admin page makes, cached
	 * for five minutes) that got no answer.
	 */
	public static function reachability(): string {
		$until = Client::circuit_open_until();
		if ( $until > 0 ) {
			/* translators: %d: seconds. */
			return sprintf( __( 'The service did not answer in time. The plugin stops calling it for a minute (%d s left): forms show their last copy, submissions are kept, emails go the fallback way.', 'svc-forms-mail' ), max( 1, $until - time() ) );
		}
		$status = Notices::status();
		if ( ( $status['error'] ?? '' ) === 'unreachable' ) {
			return self::connect_error_text( new Response( 0, array(), array(), __( 'no answer', 'svc-forms-mail' ) ) );
		}
		return '';
	}

	/**
	 * The trusted-proxy settings from the settings form, and the entries that
	 * are neither an IP address nor a CIDR range.
	 *
	 * @param array<string, mixed> $post The form's fields (unslashed).
	 * @return array{values: array{proxy_header: string, trusted_proxies: string[]}, invalid: string[]}
	 */
	public static function proxy_values( array $post ): array {
		$header = isset( $post['proxy_header'] ) ? (string) $post['proxy_header'] : '';
		$list   = Proxy::parse_list( sanitize_textarea_field( (string) ( $post['trusted_proxies'] ?? '' ) ) );
		return array(
			'values'  => array(
				'proxy_header'    => isset( Proxy::HEADERS[ $header ] ) ? $header : '',
				'trusted_proxies' => $list['valid'],
			),
			'invalid' => $list['invalid'],
		);
	}

	/**
	 * POST /sites/verify with this site's home URL and versions; keeps the
	 * answer and says what it means.
	 */
	private static function connect(): void {
		if ( ! Settings::is_configured() ) {
			self::flash( 'error', __( 'Enter the service URL and the API key first.', 'svc-forms-mail' ) );
			return;
		}
		$response = Settings::client()->verify( home_url(), SVCFM_VERSION, (string) get_bloginfo( 'version' ), PHP_VERSION );
		if ( ! $response->ok() ) {
			self::flash( 'error', self::connect_error_text( $response ) );
			return;
		}
		$site = is_array( $response->body['site'] ?? null ) ? $response->body['site'] : array();
		Settings::set_connection(
			array(
				'site_id'      => (string) ( $site['id'] ?? '' ),
				'site_name'    => (string) ( $site['name'] ?? '' ),
				'site_domain'  => (string) ( $site['domain'] ?? '' ),
				'verified'     => ! empty( $site['verified'] ),
				'domain_match' => ! empty( $site['domain_match'] ),
				'site_url'     => home_url(),
				'checked_at'   => time(),
				'captcha'      => is_array( $response->body['captcha'] ?? null ) ? Captcha::pick( $response->body['captcha'] ) : null,
			)
		);
		if ( is_array( $response->body['captcha'] ?? null ) ) {
			// The answer carries the captcha settings: no page view has to ask for them.
			Captcha::keep( Captcha::pick( $response->body['captcha'] ) );
		} else {
			Captcha::forget();
		}
		Notices::forget();
		Form_Cache::flush();
		if ( ! empty( $site['domain_match'] ) ) {
			/* translators: 1: site name, 2: domain. */
			self::flash( 'success', sprintf( __( 'Connected to “%1$s”: the site is verified and this address matches its domain %2$s.', 'svc-forms-mail' ), (string) ( $site['name'] ?? '' ), (string) ( $site['domain'] ?? '' ) ) );
		} else {
			/* translators: 1: site name, 2: domain, 3: this site's address. */
			self::flash( 'warning', sprintf( __( 'Connected to “%1$s”, but this site’s address %3$s does not match its domain %2$s. Mail and forms still work; check that the key belongs to this site.', 'svc-forms-mail' ), (string) ( $site['name'] ?? '' ), (string) ( $site['domain'] ?? '' ), home_url() ) );
		}
		if ( 'smtp' === Settings::get( 'mail_mode' ) && Smtp_Mode::active() ) {
			// The SMTP mode: log in to the submission port too, so that a wrong host or port shows now.
			$check = Smtp_Mode::check();
			$flash = get_transient( self::FLASH . get_current_user_id() );
			$type  = $check['ok'] && is_array( $flash ) ? (string) $flash[0] : 'error';
			self::flash( $type, ( is_array( $flash ) ? (string) $flash[1] . ' ' : '' ) . $check['text'] );
		}
	}

	/**
	 * What a failed Connect means, in words.
	 *
	 * @param Response $response The answer.
	 */
	public static function connect_error_text( Response $response ): string {
		switch ( $response->code() ) {
			case 'unreachable':
				/* translators: 1: the service URL, 2: the transport's error. */
				return sprintf( __( 'The service at %1$s could not be reached (%2$s). Check the address and that the service is running.', 'svc-forms-mail' ), (string) Settings::get( 'service_url' ), $response->transport_error );
			case 'invalid_api_key':
				return __( 'The service does not know this API key (invalid_api_key). Copy the site’s key again from the dashboard: a rotated key stops working at once.', 'svc-forms-mail' );
			case 'missing_api_key':
				return __( 'Enter the site’s API key (missing_api_key).', 'svc-forms-mail' );
			case 'site_disabled':
				return __( 'The service has disabled this site (site_disabled). The notice at the top of the admin pages says why; an automatic disablement can be lifted with its button.', 'svc-forms-mail' );
			case 'redirect':
				/* translators: %s: an address. */
				return sprintf( __( 'The service answered with a redirect to %s. Use that address as the service URL.', 'svc-forms-mail' ), $response->header( 'location' ) );
			default:
				/* translators: %s: the service's error. */
				return sprintf( __( 'The service refused the request: %s.', 'svc-forms-mail' ), $response->describe() );
		}
	}

	/**
	 * Sends a test email with wp_mail().
	 */
	public static function test_mail(): void {
		self::guard( 'svcfm_test_mail' );
		$to = isset( $_POST['test_to'] ) ? sanitize_email( wp_unslash( $_POST['test_to'] ) ) : '';
		if ( ! is_email( $to ) ) {
			self::flash( 'error', __( 'Enter a valid address for the test email.', 'svc-forms-mail' ) );
		} else {
			$ok = wp_mail(
				$to,
				/* translators: %s: the site's name. */
				sprintf( __( 'Test email from %s', 'svc-forms-mail' ), wp_specialchars_decode( get_bloginfo( 'name' ), ENT_QUOTES ) ),
				__( 'This test email was sent by SVC Forms & Mail. If you can read it, WordPress mail goes through the service.', 'svc-forms-mail' )
			);
			$last = Mail_Log::recent( 1 );
			if ( $ok && $last && 'sent' === $last[0]->status ) {
				/* translators: %s: an email address. */
				self::flash( 'success', sprintf( __( 'The service sent the test email to %s.', 'svc-forms-mail' ), $to ) );
			} elseif ( $ok ) {
				self::flash( 'warning', __( 'The email was sent, but not by the service (see the Mail log).', 'svc-forms-mail' ) );
			} else {
				self::flash( 'error', __( 'The test email was not sent. See the Mail log for the reason.', 'svc-forms-mail' ) );
			}
		}
		wp_safe_redirect( self::url() );
		exit;
	}

	/**
	 * Retries waiting submissions now.
	 */
	public static function retry(): void {
		self::guard( 'svcfm_retry' );
		Queue::make_all_due();
		$done = Queue::run();
		list( $type, $text ) = self::retry_text( $done, Queue::pending_count(), Queue::failed_count() );
		self::flash( $type, $text );
		wp_safe_redirect( self::url( 'queue' ) );
		exit;
	}

	/**
	 * What "Retry now" did, in words: only what happened is claimed.
	 *
	 * @param array{sent: int, waiting: int, failed: int}|null $done    Queue::run()'s answer.
	 * @param int                                                 $pending Rows still waiting.
	 * @param int                                                 $failed  Rows the service refused for good.
	 * @return array{0: string, 1: string} Flash type and text.
	 */
	public static function retry_text( ?array $done, int $pending, int $failed ): array {
		if ( null === $done ) {
			return array( 'warning', __( 'Another retry is running right now (or the site is not connected); try again in a minute.', 'svc-forms-mail' ) );
		}
		$parts = array();
		if ( $done['sent'] > 0 ) {
			/* translators: %d: a number of submissions. */
			$parts[] = sprintf( _n( '%d submission was delivered.', '%d submissions were delivered.', $done['sent'], 'svc-forms-mail' ), $done['sent'] );
		}
		if ( $pending > 0 ) {
			/* translators: %d: a number of submissions. */
			$parts[] = sprintf( _n( '%d submission is still waiting for the service.', '%d submissions are still waiting for the service.', $pending, 'svc-forms-mail' ), $pending );
		}
		if ( $failed > 0 ) {
			/* translators: %d: a number of submissions. */
			$parts[] = sprintf( _n( '%d submission was refused by the service and is not retried: open it below to read it, send it again or delete it.', '%d submissions were refused by the service and are not retried: open them below to read them, send them again or delete them.', $failed, 'svc-forms-mail' ), $failed );
		}
		if ( ! $parts ) {
			return array( 'success', __( 'Nothing was waiting.', 'svc-forms-mail' ) );
		}
		return array( $pending > 0 || $failed > 0 ? 'warning' : 'success', implode( ' ', $parts ) );
	}

	/**
	 * Sends one kept submission again, or deletes it.
	 */
	public static function queue_row(): void {
		self::guard( 'svcfm_queue_row' );
		$id = isset( $_POST['id'] ) ? absint( $_POST['id'] ) : 0;
		$op = isset( $_POST['op'] ) ? sanitize_key( wp_unslash( $_POST['op'] ) ) : '';
		if ( 'delete' === $op ) {
			if ( Queue::delete( $id ) ) {
				self::flash( 'success', __( 'The submission was deleted.', 'svc-forms-mail' ) );
			} else {
				self::flash( 'error', __( 'That submission is no longer here.', 'svc-forms-mail' ) );
			}
		} else {
			$row      = Queue::get( $id );
			$response = Queue::resend( $id );
			if ( null === $response ) {
				self::flash( 'error', __( 'That submission is no longer here.', 'svc-forms-mail' ) );
			} elseif ( $response->ok() && null !== $row && Queue::is_mail( $row ) ) {
				self::flash( 'success', __( 'The email was handed to the service.', 'svc-forms-mail' ) );
			} elseif ( $response->ok() ) {
				$outcome = Outcomes::of( $response );
				self::flash(
					'blocked' === $outcome ? 'warning' : 'success',
					'blocked' === $outcome
						/* translators: %s: why the service blocked it. */
						? sprintf( __( 'The service took the submission but blocked it: it was not stored or sent (%s).', 'svc-forms-mail' ), '' !== Outcomes::reason( $response ) ? Outcomes::why( (object) array( 'reason' => Outcomes::reason( $response ), 'ip' => '' ), array() ) : __( 'see the Status tab', 'svc-forms-mail' ) )
						: __( 'The submission was delivered to the service.', 'svc-forms-mail' )
				);
			} elseif ( $response->retryable() ) {
				/* translators: %s: the service's error. */
				self::flash( 'warning', sprintf( __( 'The service could not take it now (%s); it waits for the next retry.', 'svc-forms-mail' ), $response->describe() ) );
			} else {
				/* translators: %s: the service's error. */
				self::flash( 'error', sprintf( __( 'The service refused it again: %s. It stays here.', 'svc-forms-mail' ), $response->describe() ) );
			}
		}
		wp_safe_redirect( self::url( 'queue' ) );
		exit;
	}

	/**
	 * The page.
	 */
	public static function page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- tab selection only.
		$tab  = isset( $_GET['tab'] ) ? sanitize_key( wp_unslash( $_GET['tab'] ) ) : 'settings';
		$tabs = array(
			'settings' => __( 'Settings', 'svc-forms-mail' ),
			'status'   => __( 'Status', 'svc-forms-mail' ),
			'log'      => __( 'Mail log', 'svc-forms-mail' ),
			'queue'    => __( 'Waiting submissions', 'svc-forms-mail' ),
		);
		if ( ! isset( $tabs[ $tab ] ) ) {
			$tab = 'settings';
		}
		echo '<div class="wrap svcfm-admin"><h1>' . esc_html__( 'SVC Forms & Mail', 'svc-forms-mail' ) . '</h1>';
		$flash = get_transient( self::FLASH . get_current_user_id() );
		if ( is_array( $flash ) ) {
			delete_transient( self::FLASH . get_current_user_id() );
			$type = in_array( $flash[0], array( 'success', 'warning', 'error' ), true ) ? $flash[0] : 'info';
			echo '<div class="notice notice-' . esc_attr( $type ) . ' svcfm-flash"><p>' . esc_html( (string) $flash[1] ) . '</p></div>';
		}
		echo '<nav class="nav-tab-wrapper">';
		foreach ( $tabs as $id => $label ) {
			echo '<a href="' . esc_url( self::url( 'settings' === $id ? '' : $id ) ) . '" class="nav-tab' . ( $id === $tab ? ' nav-tab-active' : '' ) . '">' . esc_html( $label ) . '</a>';
		}
		echo '</nav>';
		switch ( $tab ) {
			case 'status':
				self::status_tab();
				break;
			case 'log':
				self::log_tab();
				break;
			case 'queue':
				self::queue_tab();
				break;
			default:
				self::settings_tab();
		}
		echo '</div>';
	}

	/**
	 * A yes/no badge.
	 *
	 * @param bool   $yes  State.
	 * @param string $text Label.
	 */
	private static function badge( bool $yes, string $text ): string {
		return '<span class="svcfm-badge ' . ( $yes ? 'svcfm-badge-yes' : 'svcfm-badge-no' ) . '">' . ( $yes ? '✓ ' : '✗ ' ) . esc_html( $text ) . '</span>';
	}

	/**
	 * The Settings tab: connection, settings form, test email.
	 */
	private static function settings_tab(): void {
		$s    = Settings::all();
		$conn = Settings::connection();

		echo '<div class="svcfm-card"><h2>' . esc_html__( 'Connection', 'svc-forms-mail' ) . '</h2>';
		if ( ! empty( $conn['checked_at'] ) ) {
			echo '<p class="svcfm-connection">';
			echo self::badge( ! empty( $conn['verified'] ), __( 'Verified', 'svc-forms-mail' ) ) . ' '; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in badge().
			echo self::badge( ! empty( $conn['domain_match'] ), __( 'Domain match', 'svc-forms-mail' ) ) . ' '; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in badge().
			// "Verified" is what the last Connect found; whether the service answers now is another fact.
			$reach = self::reachability();
			echo self::badge( '' === $reach, __( 'Answering now', 'svc-forms-mail' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in badge().
			echo '</p>';
			if ( '' !== $reach ) {
				echo '<p class="svcfm-error-text svcfm-unreachable">' . esc_html( $reach ) . '</p>';
			}
			echo '<table class="svcfm-facts"><tbody>';
			echo '<tr><th scope="row">' . esc_html__( 'Site', 'svc-forms-mail' ) . '</th><td class="svcfm-site-name">' . esc_html( (string) ( $conn['site_name'] ?? '' ) ) . '</td></tr>';
			echo '<tr><th scope="row">' . esc_html__( 'Domain', 'svc-forms-mail' ) . '</th><td>' . esc_html( (string) ( $conn['site_domain'] ?? '' ) ) . '</td></tr>';
			echo '<tr><th scope="row">' . esc_html__( 'This site’s address', 'svc-forms-mail' ) . '</th><td>' . esc_html( (string) ( $conn['site_url'] ?? '' ) ) . '</td></tr>';
			echo '<tr><th scope="row">' . esc_html__( 'Checked', 'svc-forms-mail' ) . '</th><td>' . esc_html( wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $conn['checked_at'] ) ) . '</td></tr>';
			$captcha = is_array( $conn['captcha'] ?? null ) ? $conn['captcha'] : array();
			$provider  = (string) ( $captcha['provider'] ?? '' );
			$providers = array(
				'shared'       => __( 'the service’s shared Cloudflare Turnstile widget', 'svc-forms-mail' ),
				'turnstile'    => __( 'Cloudflare Turnstile (the site’s own keys)', 'svc-forms-mail' ),
				'hcaptcha'     => __( 'hCaptcha', 'svc-forms-mail' ),
				'recaptcha_v2' => __( 'Google reCAPTCHA v2', 'svc-forms-mail' ),
				'recaptcha_v3' => __( 'Google reCAPTCHA v3', 'svc-forms-mail' ),
				'none'         => __( 'none', 'svc-forms-mail' ),
			);
			echo '<tr><th scope="row">' . esc_html__( 'Captcha on forms', 'svc-forms-mail' ) . '</th><td>' . esc_html( $providers[ $provider ] ?? ( '' !== $provider ? $provider : '—' ) ) . '</td></tr>';
			echo '</tbody></table>';
		} else {
			echo '<p>' . esc_html__( 'Not connected yet. Enter the service URL and the site’s API key, then press “Save and connect”.', 'svc-forms-mail' ) . '</p>';
		}
		$blocked = Outcomes::summary( 7 )['counts']['blocked'];
		if ( $blocked > 0 ) {
			/* translators: %d: a number of submissions. */
			echo '<p class="svcfm-error-text svcfm-blocked-count">' . esc_html( sprintf( _n( '%d form submission was blocked in the last 7 days: the visitor saw the success message, but it was not stored or sent.', '%d form submissions were blocked in the last 7 days: the visitors saw the success message, but they were not stored or sent.', $blocked, 'svc-forms-mail' ), $blocked ) ) . ' <a href="' . esc_url( self::url( 'status' ) ) . '">' . esc_html__( 'Why', 'svc-forms-mail' ) . '</a></p>';
		}
		echo '</div>';

		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="svcfm-settings">';
		echo '<input type="hidden" name="action" value="svcfm_save" />';
		wp_nonce_field( 'svcfm_save', '_svcfm_nonce' );
		echo '<table class="form-table" role="presentation"><tbody>';

		echo '<tr><th scope="row"><label for="svcfm-service-url">' . esc_html__( 'Service URL', 'svc-forms-mail' ) . '</label></th><td>';
		echo '<input type="url" id="svcfm-service-url" name="service_url" class="regular-text code" value="' . esc_attr( (string) $s['service_url'] ) . '" placeholder="https://forms.example.com" />';
		echo '<p class="description">' . esc_html__( 'The root address of your service (without /api/v1).', 'svc-forms-mail' ) . '</p></td></tr>';

		echo '<tr><th scope="row"><label for="svcfm-api-key">' . esc_html__( 'API key', 'svc-forms-mail' ) . '</label></th><td>';
		$masked = Settings::mask_key( (string) $s['api_key'] );
		echo '<input type="password" id="svcfm-api-key" name="api_key" class="regular-text" value="" autocomplete="off" placeholder="' . esc_attr( '' !== $masked ? $masked : 'svc_live_…' ) . '" />';
		if ( '' !== $masked ) {
			/* translators: %s: the masked key. */
			echo '<p class="description">' . esc_html( sprintf( __( 'Saved key: %s. Leave the field empty to keep it.', 'svc-forms-mail' ), $masked ) ) . '</p>';
			echo '<p><label><input type="checkbox" name="forget_key" value="1" /> ' . esc_html__( 'Remove the saved key', 'svc-forms-mail' ) . '</label></p>';
		} else {
			echo '<p class="description">' . esc_html__( 'The site’s key from the service’s dashboard (svc_live_…). It is stored in this site’s database and never shown on public pages.', 'svc-forms-mail' ) . '</p>';
		}
		echo '</td></tr>';

		echo '<tr><th scope="row">' . esc_html__( 'WordPress mail', 'svc-forms-mail' ) . '</th><td><fieldset>';
		self::checkbox( 'mail_enabled', (bool) $s['mail_enabled'], __( 'Send every email of this site (wp_mail) through the service', 'svc-forms-mail' ) );
		self::checkbox( 'mail_fallback', (bool) $s['mail_fallback'], __( 'When the service refuses an email or cannot be reached, let WordPress send it itself', 'svc-forms-mail' ) );
		$smtp = 'smtp' === $s['mail_mode'];
		echo '<p class="svcfm-mode"><label><input type="radio" id="svcfm-mode-api" name="mail_mode" value="api"' . checked( $smtp, false, false ) . ' /> ' . esc_html__( 'Through the service’s web API (recommended)', 'svc-forms-mail' ) . '</label><br />';
		echo '<label><input type="radio" id="svcfm-mode-smtp" name="mail_mode" value="smtp"' . checked( $smtp, true, false ) . ' /> ' . esc_html__( 'Through the service’s SMTP port (WordPress’s own mailer logs in with the API key)', 'svc-forms-mail' ) . '</label></p>';
		echo '</fieldset></td></tr>';
		self::smtp_rows( $s );

		self::form_plugin_rows( $s );
		self::proxy_rows( $s );

		echo '</tbody></table>';
		echo '<p class="submit">';
		submit_button( __( 'Save settings', 'svc-forms-mail' ), 'secondary', 'save', false );
		echo ' ';
		submit_button( __( 'Save and connect', 'svc-forms-mail' ), 'primary', 'connect', false );
		echo '</p></form>';

		echo '<div class="svcfm-card"><h2>' . esc_html__( 'Send a test email', 'svc-forms-mail' ) . '</h2>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="svcfm_test_mail" />';
		wp_nonce_field( 'svcfm_test_mail', '_svcfm_nonce' );
		echo '<label for="svcfm-test-to" class="screen-reader-text">' . esc_html__( 'Send the test email to', 'svc-forms-mail' ) . '</label>';
		echo '<input type="email" id="svcfm-test-to" name="test_to" class="regular-text" value="' . esc_attr( (string) get_option( 'admin_email' ) ) . '" /> ';
		submit_button( __( 'Send test email', 'svc-forms-mail' ), 'secondary', 'send_test', false );
		echo '</form></div>';
	}

	/**
	 * The SMTP mode's host, port and encryption (the password is the API key, never shown).
	 *
	 * @param array<string, mixed> $s Settings.
	 */
	private static function smtp_rows( array $s ): void {
		$parts = wp_parse_url( (string) $s['service_url'] );
		$def   = is_array( $parts ) ? (string) ( $parts['host'] ?? '' ) : '';
		echo '<tr class="svcfm-smtp"><th scope="row">' . esc_html__( 'SMTP submission', 'svc-forms-mail' ) . '</th><td><fieldset>';
		echo '<p><label for="svcfm-smtp-host">' . esc_html__( 'Host', 'svc-forms-mail' ) . '</label><br />';
		echo '<input type="text" id="svcfm-smtp-host" name="smtp_host" class="regular-text code" value="' . esc_attr( (string) $s['smtp_host'] ) . '" placeholder="' . esc_attr( '' !== $def ? $def : 'forms.example.com' ) . '" /></p>';
		echo '<p><label for="svcfm-smtp-port">' . esc_html__( 'Port', 'svc-forms-mail' ) . '</label><br />';
		echo '<input type="number" id="svcfm-smtp-port" name="smtp_port" class="small-text" min="1" max="65535" value="' . esc_attr( (string) $s['smtp_port'] ) . '" /></p>';
		echo '<p><label for="svcfm-smtp-encryption">' . esc_html__( 'Encryption', 'svc-forms-mail' ) . '</label><br /><select id="svcfm-smtp-encryption" name="smtp_encryption">';
		$choices = array(
			'auto'     => __( 'Automatic: none when the host is this machine, STARTTLS otherwise', 'svc-forms-mail' ),
			'starttls' => __( 'STARTTLS', 'svc-forms-mail' ),
			'none'     => __( 'None (only when the service runs on this machine)', 'svc-forms-mail' ),
		);
		foreach ( $choices as $value => $label ) {
			echo '<option value="' . esc_attr( $value ) . '"' . selected( (string) $s['smtp_encryption'], $value, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select></p>';
		$c = Settings::smtp();
		/* translators: 1: host, 2: port, 3: encryption, 4: user name. */
		echo '<p class="description svcfm-smtp-summary">' . esc_html( sprintf( __( 'In the SMTP mode WordPress connects to %1$s:%2$d (%3$s) as “%4$s” with the API key as the password. Leave the host empty for the service URL’s host. The service logs these emails with source smtp; the fallback switch applies to the API mode only.', 'svc-forms-mail' ), '' !== $c['host'] ? $c['host'] : '—', $c['port'], 'starttls' === $c['encryption'] ? 'STARTTLS' : __( 'no encryption', 'svc-forms-mail' ), $c['username'] ) ) . '</p>';
		echo '</fieldset></td></tr>';
	}

	/**
	 * The Form plugins rows: only for the form plugins that are active.
	 *
	 * @param array<string, mixed> $s Settings.
	 */
	private static function form_plugin_rows( array $s ): void {
		$installed = array(
			'forward_cf7'     => defined( 'WPCF7_VERSION' ) || class_exists( 'WPCF7_ContactForm' ),
			'forward_wpforms' => function_exists( 'wpforms' ) || defined( 'WPFORMS_VERSION' ),
			'forward_gf'      => class_exists( 'GFForms' ) || class_exists( 'GFCommon' ),
		);
		if ( ! array_filter( $installed ) ) {
			// No form plugin to forward from: the section would only be noise. Its settings are kept as they are.
			echo '<tr hidden><td colspan="2">';
			foreach ( array_keys( $installed ) as $name ) {
				if ( ! empty( $s[ $name ] ) ) {
					echo '<input type="hidden" name="' . esc_attr( $name ) . '" value="1" />';
				}
			}
			echo '<input type="hidden" name="forward_notify" value="' . esc_attr( (string) $s['forward_notify'] ) . '" /></td></tr>';
			return;
		}
		echo '<tr><th scope="row">' . esc_html__( 'Form plugins', 'svc-forms-mail' ) . '</th><td><fieldset>';
		$labels = array(
			'forward_cf7'     => __( 'Forward Contact Form 7 submissions to the service', 'svc-forms-mail' ),
			'forward_wpforms' => __( 'Forward WPForms submissions to the service', 'svc-forms-mail' ),
			'forward_gf'      => __( 'Forward Gravity Forms submissions to the service', 'svc-forms-mail' ),
		);
		foreach ( $labels as $name => $label ) {
			if ( $installed[ $name ] ) {
				self::checkbox( $name, (bool) $s[ $name ], $label );
			} elseif ( ! empty( $s[ $name ] ) ) {
				echo '<input type="hidden" name="' . esc_attr( $name ) . '" value="1" />';
			}
		}
		echo '<p><label for="svcfm-forward-notify">' . esc_html__( 'Notification address for forwarded submissions', 'svc-forms-mail' ) . '</label><br />';
		echo '<input type="email" id="svcfm-forward-notify" name="forward_notify" class="regular-text" value="' . esc_attr( (string) $s['forward_notify'] ) . '" placeholder="' . esc_attr__( 'the site’s default in the service', 'svc-forms-mail' ) . '" /></p>';
		echo '<p class="description">' . esc_html__( 'The service emails its own notification for each forwarded submission, besides the form plugin’s mail.', 'svc-forms-mail' ) . '</p>';
		echo '</fieldset></td></tr>';
	}

	/**
	 * Which header carries the visitor's address, and from which proxies.
	 *
	 * @param array<string, mixed> $s Settings.
	 */
	private static function proxy_rows( array $s ): void {
		$proxies = is_array( $s['trusted_proxies'] ) ? $s['trusted_proxies'] : array();
		echo '<tr class="svcfm-proxy"><th scope="row"><label for="svcfm-proxy-header">' . esc_html__( 'Visitor addresses', 'svc-forms-mail' ) . '</label></th><td><fieldset>';
		echo '<p><select id="svcfm-proxy-header" name="proxy_header"><option value="">' . esc_html__( 'The connecting address (no proxy or CDN in front of this site)', 'svc-forms-mail' ) . '</option>';
		foreach ( array_keys( Proxy::HEADERS ) as $header ) {
			/* translators: %s: an HTTP header name. */
			echo '<option value="' . esc_attr( $header ) . '"' . selected( (string) $s['proxy_header'], $header, false ) . '>' . esc_html( sprintf( __( 'The %s header from a trusted proxy', 'svc-forms-mail' ), $header ) ) . '</option>';
		}
		echo '</select></p>';
		echo '<p><label for="svcfm-trusted-proxies">' . esc_html__( 'Trusted proxies (IP addresses or CIDR ranges, one per line)', 'svc-forms-mail' ) . '</label><br />';
		echo '<textarea id="svcfm-trusted-proxies" name="trusted_proxies" class="large-text code" rows="3" placeholder="173.245.48.0/20&#10;10.0.0.5">' . esc_textarea( implode( "\n", $proxies ) ) . '</textarea></p>';
		$remote = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( (string) $_SERVER['REMOTE_ADDR'] ) ) : '';
		/* translators: %s: an IP address. */
		echo '<p class="description">' . esc_html__( 'The service accepts at most 3 form submissions a minute from one address. Behind a CDN or reverse proxy every visitor seems to come from the proxy, so name the header that carries the visitor’s address and list the proxy’s addresses; the header is ignored on requests from any other address.', 'svc-forms-mail' ) . ' ' . esc_html( sprintf( __( 'This page was requested from %s.', 'svc-forms-mail' ), '' !== $remote ? $remote : '—' ) ) . '</p>';
		echo '</fieldset></td></tr>';
	}

	/**
	 * One checkbox line.
	 *
	 * @param string $name    Field name.
	 * @param bool   $checked State.
	 * @param string $label   Label.
	 */
	private static function checkbox( string $name, bool $checked, string $label ): void {
		echo '<label><input type="checkbox" name="' . esc_attr( $name ) . '" value="1"' . checked( $checked, true, false ) . ' /> ' . esc_html( $label ) . '</label><br />';
	}

	/**
	 * The Status tab: sending domains (GET /mail/domain-status), blocks, waiting submissions.
	 */
	private static function status_tab(): void {
		if ( ! Settings::is_configured() ) {
			echo '<p>' . esc_html__( 'Connect the site first.', 'svc-forms-mail' ) . '</p>';
			return;
		}
		$response = Settings::client()->domain_status();
		echo '<div class="svcfm-card svcfm-domain-status"><h2>' . esc_html__( 'Sending', 'svc-forms-mail' ) . '</h2>';
		if ( ! $response->ok() ) {
			echo '<p class="svcfm-error-text">' . esc_html( self::connect_error_text( $response ) ) . '</p>';
		} else {
			$b    = $response->body;
			$mode = (string) ( $b['effective_mode'] ?? '' );
			echo '<table class="svcfm-facts"><tbody>';
			echo '<tr><th scope="row">' . esc_html__( 'Effective mode', 'svc-forms-mail' ) . '</th><td class="svcfm-effective-mode"><strong>' . esc_html( $mode ) . '</strong> — ' . esc_html( 'domain' === $mode ? __( 'mail goes out from your own verified domain', 'svc-forms-mail' ) : __( 'mail goes out from the service’s shared relay address; replies go to the email’s Reply-To, else its From address (the wp_mail_from filter, or the administration email instead of wordpress@…)', 'svc-forms-mail' ) ) . '</td></tr>';
			$verified = is_array( $b['verified'] ?? null ) ? $b['verified'] : null;
			echo '<tr><th scope="row">' . esc_html__( 'Verified sender', 'svc-forms-mail' ) . '</th><td>' . esc_html( $verified ? (string) ( $verified['from_address'] ?? '' ) . ' (' . (string) ( $verified['domain'] ?? '' ) . ')' : __( 'none', 'svc-forms-mail' ) ) . '</td></tr>';
			echo '</tbody></table>';
			$domains = is_array( $b['domains'] ?? null ) ? $b['domains'] : array();
			if ( $domains ) {
				echo '<table class="widefat striped svcfm-domains"><thead><tr><th>' . esc_html__( 'Domain', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Status', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'From address', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Verified', 'svc-forms-mail' ) . '</th></tr></thead><tbody>';
				foreach ( $domains as $d ) {
					if ( ! is_array( $d ) ) {
						continue;
					}
					echo '<tr><td>' . esc_html( (string) ( $d['domain'] ?? '' ) ) . '</td><td>' . esc_html( (string) ( $d['status'] ?? '' ) ) . '</td><td>' . esc_html( (string) ( $d['from_address'] ?? '' ) ) . '</td><td>' . esc_html( empty( $d['verified_at'] ) ? '—' : Notices::local_time( (string) $d['verified_at'] ) ) . '</td></tr>';
				}
				echo '</tbody></table>';
			} else {
				echo '<p>' . esc_html__( 'No sending domain yet: add one in the dashboard to send from your own address.', 'svc-forms-mail' ) . '</p>';
			}
			if ( ! empty( $b['dashboard_url'] ) && is_string( $b['dashboard_url'] ) ) {
				echo '<p><a class="button" href="' . esc_url( $b['dashboard_url'] ) . '" target="_blank" rel="noopener noreferrer">' . esc_html__( 'Open the dashboard', 'svc-forms-mail' ) . '</a></p>';
			}
		}
		echo '</div>';

		$status = Notices::status( true );
		echo '<div class="svcfm-card"><h2>' . esc_html__( 'Blocks', 'svc-forms-mail' ) . '</h2>';
		if ( isset( $status['error'] ) ) {
			/* translators: %s: an error code. */
			echo '<p class="svcfm-error-text">' . esc_html( sprintf( __( 'The block status could not be read (%s).', 'svc-forms-mail' ), (string) $status['error'] ) ) . '</p>';
		} elseif ( empty( $status['any_active_block'] ) ) {
			echo '<p>' . esc_html__( 'Nothing is blocked.', 'svc-forms-mail' ) . '</p>';
		} else {
			echo Notices::markup( $status, (string) ( Settings::connection()['site_id'] ?? '' ), true ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in markup().
		}
		echo '</div>';

		self::outcomes_card( isset( $status['ip_blocks'] ) && is_array( $status['ip_blocks'] ) ? $status['ip_blocks'] : array() );

		/* translators: %d: a number of submissions. */
		echo '<div class="svcfm-card"><h2>' . esc_html__( 'Waiting submissions', 'svc-forms-mail' ) . '</h2><p>' . esc_html( sprintf( _n( '%d submission is waiting for the service.', '%d submissions are waiting for the service.', Queue::pending_count(), 'svc-forms-mail' ), Queue::pending_count() ) ) . '</p></div>';
	}

	/**
	 * What became of the last week's form submissions, and why blocked ones were.
	 *
	 * @param array<int, array<string, mixed>> $ip_blocks GET /blocks/status ip_blocks.
	 */
	public static function outcomes_card( array $ip_blocks ): void {
		$sum    = Outcomes::summary( 7 );
		$c      = $sum['counts'];
		$labels = array(
			'delivered' => __( 'stored and notified', 'svc-forms-mail' ),
			'no_email'  => __( 'stored, no notification (monthly limit or a failed email)', 'svc-forms-mail' ),
			'spam'      => __( 'stored as spam, no notification', 'svc-forms-mail' ),
			'blocked'   => __( 'blocked: not stored, not sent (the visitor saw the success message)', 'svc-forms-mail' ),
			'kept'      => __( 'kept here while the service could not take them', 'svc-forms-mail' ),
			'failed'    => __( 'refused by the service (see Waiting submissions)', 'svc-forms-mail' ),
		);
		echo '<div class="svcfm-card svcfm-outcomes"><h2>' . esc_html__( 'Form submissions in the last 7 days', 'svc-forms-mail' ) . '</h2>';
		if ( 0 === array_sum( $c ) ) {
			echo '<p>' . esc_html__( 'No form submission yet.', 'svc-forms-mail' ) . '</p></div>';
			return;
		}
		echo '<table class="svcfm-facts"><tbody>';
		foreach ( $labels as $kind => $label ) {
			if ( $c[ $kind ] > 0 || 'blocked' === $kind ) {
				echo '<tr class="svcfm-outcome-' . esc_attr( $kind ) . '"><th scope="row">' . esc_html( (string) $c[ $kind ] ) . '</th><td>' . esc_html( $label ) . '</td></tr>';
			}
		}
		echo '</tbody></table>';
		if ( $sum['blocked'] ) {
			$proxies = Settings::get( 'trusted_proxies' );
			if ( $sum['top_ip_count'] >= 2 && ( '' === (string) Settings::get( 'proxy_header' ) || Proxy::in_list( $sum['top_ip'], is_array( $proxies ) ? $proxies : array() ) ) ) {
				/* translators: 1: a number, 2: an IP address. */
				echo '<p class="svcfm-error-text svcfm-proxy-hint">' . esc_html( sprintf( __( '%1$d blocked submissions came from %2$s. If that is your CDN or reverse proxy, every visitor seems to come from it: set “Visitor addresses” on the Settings tab.', 'svc-forms-mail' ), $sum['top_ip_count'], $sum['top_ip'] ) ) . '</p>';
			}
			echo '<table class="widefat striped svcfm-blocked"><thead><tr><th>' . esc_html__( 'Time', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Form', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Visitor address', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Why', 'svc-forms-mail' ) . '</th></tr></thead><tbody>';
			foreach ( array_slice( $sum['blocked'], 0, 20 ) as $row ) {
				echo '<tr><td>' . esc_html( Notices::local_time( $row->created_at . 'Z' ) ) . '</td><td>' . esc_html( (string) $row->source ) . '</td><td>' . esc_html( '' !== (string) $row->ip ? (string) $row->ip : '—' ) . '</td><td>' . esc_html( Outcomes::why( $row, $ip_blocks ) ) . '</td></tr>';
			}
			echo '</tbody></table>';
		}
		echo '</div>';
	}

	/**
	 * The Mail log tab.
	 */
	private static function log_tab(): void {
		$rows = Mail_Log::recent( 100 );
		echo '<p>' . esc_html__( 'The latest emails this site sent (the newest 500 are kept).', 'svc-forms-mail' ) . '</p>';
		echo '<table class="widefat striped svcfm-log"><thead><tr><th>' . esc_html__( 'Time', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Status', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'To', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Subject', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Source', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Details', 'svc-forms-mail' ) . '</th></tr></thead><tbody>';
		if ( ! $rows ) {
			echo '<tr><td colspan="6">' . esc_html__( 'No email yet.', 'svc-forms-mail' ) . '</td></tr>';
		}
		$labels = array(
			'sent'            => __( 'sent', 'svc-forms-mail' ),
			'held'            => __( 'held as spam', 'svc-forms-mail' ),
			'failed'          => __( 'failed', 'svc-forms-mail' ),
			'fallback'        => __( 'failed, sent by WordPress', 'svc-forms-mail' ),
			'fallback_failed' => __( 'failed; WordPress could not send it either', 'svc-forms-mail' ),
			'queued'          => __( 'waiting: the service did not answer; sent when it does (Waiting tab)', 'svc-forms-mail' ),
		);
		foreach ( $rows as $row ) {
			$details = '' !== $row->error ? $row->error : $row->message_id;
			echo '<tr class="svcfm-log-' . esc_attr( $row->status ) . '"><td>' . esc_html( Notices::local_time( $row->created_at . 'Z' ) ) . '</td><td><span class="svcfm-status svcfm-status-' . esc_attr( $row->status ) . '">' . esc_html( $labels[ $row->status ] ?? $row->status ) . '</span></td><td>' . esc_html( $row->to_addr ) . '</td><td>' . esc_html( $row->subject ) . '</td><td>' . esc_html( $row->source ) . '</td><td><code>' . esc_html( $details ) . '</code></td></tr>';
		}
		echo '</tbody></table>';
	}

	/**
	 * The Waiting submissions tab.
	 */
	private static function queue_tab(): void {
		$rows = Queue::rows( 100 );
		echo '<p>' . esc_html__( 'Form submissions and emails the service could not take at once are kept here and retried by WP-Cron with growing pauses (1, 5, 15 minutes, then up to 12 hours).', 'svc-forms-mail' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="svcfm_retry" />';
		wp_nonce_field( 'svcfm_retry', '_svcfm_nonce' );
		submit_button( __( 'Retry now', 'svc-forms-mail' ), 'secondary', 'retry', false );
		echo '</form>';
		echo '<table class="widefat striped svcfm-queue"><thead><tr><th>' . esc_html__( 'Received', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Form', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Status', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Attempts', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Next attempt', 'svc-forms-mail' ) . '</th><th>' . esc_html__( 'Last error', 'svc-forms-mail' ) . '</th></tr></thead><tbody>';
		if ( ! $rows ) {
			echo '<tr><td colspan="6">' . esc_html__( 'Nothing is waiting.', 'svc-forms-mail' ) . '</td></tr>';
		}
		$status_labels = array(
			'pending' => __( 'waiting', 'svc-forms-mail' ),
			'failed'  => __( 'refused, not retried', 'svc-forms-mail' ),
		);
		foreach ( $rows as $row ) {
			/* translators: %s: the plugin or part of WordPress that sent the email. */
			$what = Queue::is_mail( $row ) ? sprintf( __( 'email (%s)', 'svc-forms-mail' ), $row->source ) : $row->source;
			echo '<tr class="svcfm-queue-' . esc_attr( $row->status ) . ( Queue::is_mail( $row ) ? ' svcfm-queue-mail' : '' ) . '"><td>' . esc_html( Notices::local_time( $row->created_at . 'Z' ) ) . '</td><td>' . esc_html( $what ) . '</td><td>' . esc_html( $status_labels[ $row->status ] ?? $row->status ) . '</td><td>' . esc_html( (string) $row->attempts ) . '</td><td>' . esc_html( 'pending' === $row->status ? Notices::local_time( $row->next_attempt_at . 'Z' ) : '—' ) . '</td><td><code>' . esc_html( $row->last_error ) . '</code></td></tr>';
			echo '<tr class="svcfm-queue-detail"><td colspan="6">' . self::submission_details( $row ) . '</td></tr>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped in submission_details().
		}
		echo '</tbody></table>';
	}

	/**
	 * A kept submission's contents, with Send again and Delete.
	 *
	 * @param object $row A queue row with its payload.
	 */
	public static function submission_details( object $row ): string {
		$payload = json_decode( (string) ( $row->payload ?? '' ), true );
		if ( Queue::is_mail( $row ) && is_array( $payload ) ) {
			// A kept email: who it is for and its subject (its body is the service's business).
			$payload = json_decode( (string) ( $payload['body'] ?? '' ), true );
		}
		$out = '<details class="svcfm-submission"' . ( 'failed' === $row->status ? ' open' : '' ) . '><summary>' . esc_html__( 'Contents', 'svc-forms-mail' ) . '</summary>';
		if ( is_array( $payload ) && Queue::is_mail( $row ) ) {
			$to   = is_array( $payload['to'] ?? null ) ? implode( ', ', array_map( fn( $t ) => is_array( $t ) ? (string) ( $t['email'] ?? $t['address'] ?? '' ) : (string) $t, $payload['to'] ) ) : (string) ( $payload['to'] ?? '' );
			$out .= '<table class="svcfm-facts"><tbody><tr><th scope="row">' . esc_html__( 'To', 'svc-forms-mail' ) . '</th><td>' . esc_html( $to ) . '</td></tr>';
			$out .= '<tr><th scope="row">' . esc_html__( 'Subject', 'svc-forms-mail' ) . '</th><td>' . esc_html( (string) ( $payload['subject'] ?? '' ) ) . '</td></tr></tbody></table>';
		} elseif ( ! is_array( $payload ) ) {
			$out .= '<p>' . esc_html__( 'The stored submission cannot be read.', 'svc-forms-mail' ) . '</p>';
		} else {
			$out   .= '<table class="svcfm-facts"><tbody>';
			$fields = is_array( $payload['fields'] ?? null ) ? $payload['fields'] : array();
			foreach ( $fields as $name => $value ) {
				$out .= '<tr><th scope="row">' . esc_html( (string) $name ) . '</th><td>' . nl2br( esc_html( is_scalar( $value ) ? (string) $value : (string) wp_json_encode( $value ) ) ) . '</td></tr>';
			}
			$visitor = is_array( $payload['visitor'] ?? null ) ? $payload['visitor'] : array();
			if ( ! empty( $visitor['ip'] ) ) {
				$out .= '<tr><th scope="row">' . esc_html__( 'Visitor address', 'svc-forms-mail' ) . '</th><td>' . esc_html( (string) $visitor['ip'] ) . '</td></tr>';
			}
			$out .= '</tbody></table>';
		}
		$out .= '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="svcfm-row-actions"><input type="hidden" name="action" value="svcfm_queue_row" /><input type="hidden" name="id" value="' . esc_attr( (string) (int) $row->id ) . '" />';
		$out .= wp_nonce_field( 'svcfm_queue_row', '_svcfm_nonce', true, false );
		$out .= '<button type="submit" name="op" value="resend" class="button">' . esc_html__( 'Send again', 'svc-forms-mail' ) . '</button> ';
		$confirm = Queue::is_mail( $row ) ? __( 'Delete this email for good? It will not be sent.', 'svc-forms-mail' ) : __( 'Delete this submission for good?', 'svc-forms-mail' );
		$out    .= '<button type="submit" name="op" value="delete" class="button button-link-delete" onclick="return confirm(this.dataset.confirm)" data-confirm="' . esc_attr( $confirm ) . '">' . esc_html__( 'Delete', 'svc-forms-mail' ) . '</button>';
		return $out . '</form></details>';
	}
}
