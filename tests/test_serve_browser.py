"""The page in a real browser: headless Chromium driven by Selenium against uvicorn on loopback.

Type a query and see results (rendered by the JavaScript), open a card, open a ruling, run its
checks and see them pass; hostile rulings show as text; the layout fits a phone. Screenshots go
to tests/artifacts/. Skipped, saying why, where Chromium, chromedriver or Selenium is missing.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import httpx
import pytest

from kb.web.app import create_app, serve_in_thread

from .test_serve_page import build_hostile_index

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install -e '.[test]')")
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = os.environ.get("KB_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = os.environ.get("KB_CHROMEDRIVER") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")  # fmt: skip

if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
    pytest.skip(
        f"no browser: needs Chromium at {CHROMIUM} and chromedriver at {CHROMEDRIVER} "
        "(Debian: apt-get install chromium chromium-driver; or set KB_CHROMIUM, KB_CHROMEDRIVER)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    location = build_hostile_index(tmp_path_factory.mktemp("browser"))
    with serve_in_thread(create_app(location)) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="kb-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_window_size(1280, 1000)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait(driver, condition, timeout: float = 15):
    return WebDriverWait(driver, timeout).until(condition)


def screenshot(driver, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    driver.save_screenshot(str(path))
    print(f"\nscreenshot: {path}")
    return path


def search(driver, base_url: str, query: str) -> None:
    """Type ``query`` in the box and press Enter; mark the page to tell a reload from JavaScript."""
    driver.get(base_url + "/")
    driver.execute_script("window.kbSamePage = true;")
    box = driver.find_element(By.ID, "q")
    box.send_keys(query)
    box.send_keys(Keys.ENTER)


def same_page(driver) -> bool:
    return driver.execute_script("return window.kbSamePage === true;")


def csp_violations(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]


def test_search_open_card_open_ruling_run_checks(browser, base_url):
    search(browser, base_url, "split second")
    results = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results li.result"))
    assert same_page(browser)  # rendered by the JavaScript from /api/search, no page load
    assert browser.current_url == base_url + "/?q=split+second"
    assert len(results) == 12
    badges = {b.text.lower() for b in browser.find_elements(By.CSS_SELECTOR, "#results .badge")}
    assert {"it", "en", "mixed"} <= badges
    assert browser.find_elements(By.CSS_SELECTOR, "#results mark")

    browser.find_element(By.CSS_SELECTOR, "#results .card-link").click()
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".columns"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Sostituzione Improvvisa / Sudden Substitution"
    italian = browser.find_element(By.CSS_SELECTOR, ".col-it")
    english = browser.find_element(By.CSS_SELECTOR, ".col-en")
    assert italian.find_element(By.TAG_NAME, "h2").text == "Italiano (13)"
    assert english.find_element(By.TAG_NAME, "h2").text == "English (13)"
    assert italian.location["x"] < english.location["x"]  # side by side, Italian on the left

    card = httpx.get(base_url + "/api/cards/Sudden Substitution").json()
    record = next(r for r in card["results"] if r["lang"] == "it" and r["links"])
    italian.find_element(By.CSS_SELECTOR, f'a[href="/rulings/{record["id"]}"]').click()
    button = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#run-checks button"))
    checks = browser.find_element(By.CSS_SELECTOR, "ul.checks").text
    detail = httpx.get(f"{base_url}/api/rulings/{record['id']}").json()
    for info in detail["check_details"]:
        assert info["title"] in checks and ", ".join(info["rules"]) in checks and info["claim"] in checks
    assert browser.find_element(By.CSS_SELECTOR, ".ruling-text").text == record["text"]

    browser.execute_script("window.kbSamePage = true;")
    button.click()
    outcome = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#check-results .outcome.passed"))
    assert outcome.text == "All checks passed."
    statuses = [s.text for s in browser.find_elements(By.CSS_SELECTOR, "#check-results .status")]
    assert statuses == ["passed"] * len(detail["check_details"])
    assert same_page(browser)  # run through /api/rulings/{id}/check
    screenshot(browser, "serve_browser_ruling.png")
    assert csp_violations(browser) == []


def test_hostile_rulings_are_text_in_javascript_and_server_rendering(browser, base_url):
    search(browser, base_url, "alert")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results li.result"))
    assert same_page(browser)
    rendered_by = {"javascript": browser.find_element(By.ID, "results").text}
    browser.get(base_url + "/?q=alert")
    rendered_by["server"] = browser.find_element(By.ID, "results").text
    for how, text in rendered_by.items():
        assert "<script>alert('card')</script>" in text, how
        assert "<script>alert(1)</script> and <img src=x onerror=\"alert(2)\">" in text, how
        assert "</textarea></p><b>grassetto</b>" in text, how
    injected = browser.find_elements(By.CSS_SELECTOR, "#results script, #results img, #results b, #results textarea")
    assert injected == []
    search(browser, base_url, "alert")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#results li.result"))
    injected = browser.find_elements(By.CSS_SELECTOR, "#results script, #results img, #results b, #results textarea")
    assert injected == []
    assert browser.execute_script("return document.querySelectorAll('a[href^=\"javascript\"]').length") == 0
    screenshot(browser, "serve_browser_hostile.png")


def test_bad_query_is_explained_by_the_javascript(browser, base_url):
    search(browser, base_url, 'split "second')
    error = wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#results.error"))
    assert same_page(browser)
    assert "Bad request (400)" in error.text
    assert "unbalanced quote: this quote is never closed" in error.text
    assert error.find_element(By.CSS_SELECTOR, "pre.pointer").text.splitlines()[-1].strip() == "^"


def test_card_page_fits_a_phone(browser, base_url):
    browser.set_window_size(390, 844)
    try:
        browser.get(base_url + "/cards/sostituzione%20improvvisa")
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, ".columns"))
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
        italian = browser.find_element(By.CSS_SELECTOR, ".col-it")
        english = browser.find_element(By.CSS_SELECTOR, ".col-en")
        assert english.location["y"] > italian.location["y"]  # stacked on a narrow screen
        screenshot(browser, "serve_browser_phone_card.png")
        browser.get(base_url + "/rulings/" + httpx.get(base_url + "/api/search?q=goad&limit=1").json()["results"][0]["id"])
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        browser.set_window_size(1280, 1000)
