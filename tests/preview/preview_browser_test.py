#!/usr/bin/env python3
"""The preview page in Debian's Chromium, headless, driven by Selenium: the page loads and shows the
scene; an error written into a copy of a shader shows with its line while the old image stays,
marked stale; fixing it in the page's editor changes a known pixel to the expected colour; a click
on that pixel shows the shader's trace with its source lines.

Usage: preview_browser_test.py LRT SOURCE_DIR [SCREENSHOT.png]
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

LRT = SOURCE = SCREENSHOT = None

# The colour of image pixel (x, y) as the page shows it, read back through a canvas.
PIXEL_SCRIPT = """
const image = document.getElementById('image');
if (!image.complete || !image.naturalWidth) return null;
const canvas = document.createElement('canvas');
canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
const context = canvas.getContext('2d');
context.drawImage(image, 0, 0);
return Array.from(context.getImageData(arguments[0], arguments[1], 1, 1).data.slice(0, 3));
"""


def chromium_files_in_tmp():
    """The profiles and shared-memory files Chromium names after itself in the system's /tmp."""
    tmp = tempfile.gettempdir()
    return {name for name in os.listdir(tmp) if "org.chromium.Chromium" in name}


class PreviewPageTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="lrt_browser_test_")
        self.addCleanup(shutil.rmtree, self.folder, True)
        data = os.path.join(SOURCE, "tests", "data", "preview")
        for name in os.listdir(data):
            shutil.copy(os.path.join(data, name), self.folder)
        self.server = subprocess.Popen([LRT, "preview", "scene.lrt"], cwd=self.folder,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(self.stop_server)
        line = self.server.stdout.readline()
        self.url = re.match(r"^preview: (\S+)$", line).group(1)

        # Chromium's profile and its temporary files (shared memory too, under
        # --disable-dev-shm-usage) go in the test's own folder, removed with it, not in /tmp.
        browser_files = os.path.join(self.folder, "chromium")
        os.mkdir(browser_files)
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--disable-gpu", "--window-size=1400,900",
                         "--user-data-dir=" + os.path.join(browser_files, "profile")]:
            options.add_argument(argument)
        service = Service("/usr/bin/chromedriver", env=dict(os.environ, TMPDIR=browser_files))
        self.addCleanup(self.assert_nothing_left_in_tmp, chromium_files_in_tmp())
        self.browser = webdriver.Chrome(service=service, options=options)
        self.addCleanup(self.browser.quit)
        self.wait = WebDriverWait(self.browser, 60, poll_frequency=0.05)

    def assert_nothing_left_in_tmp(self, before):
        self.assertEqual(chromium_files_in_tmp() - before, set(),
                         "Chromium left files in " + tempfile.gettempdir())

    def stop_server(self):
        self.server.send_signal(signal.SIGTERM)
        self.assertEqual(self.server.wait(timeout=30), 0)
        self.server.stdout.close()
        self.server.stderr.close()

    def text(self, element_id):
        return self.browser.find_element(By.ID, element_id).text

    def image_state(self):
        image = self.browser.find_element(By.ID, "image")
        return image.get_attribute("data-generation"), image.get_attribute("data-pass")

    def pixel(self, x, y):
        return self.browser.execute_script(PIXEL_SCRIPT, x, y)

    def test_load_error_fix_and_trace(self):
        browser, wait = self.browser, self.wait
        browser.get(self.url)
        # The page shows the scene, finished: the third pass of the first generation.
        wait.until(lambda _: self.image_state() == ("1", "3") and self.text("state") == "done")
        before = self.pixel(11, 14)
        self.assertIsNotNone(before)
        self.assertGreater(before[0], before[2])  # the tinted sphere: orange (TINT 1, 0.5, 0.25)
        # Denoising is on by default, for the passes below the scene's spp: the last pass is shown
        # as rendered, without the badge, and unticking the box shows the same pixels.
        toggle = browser.find_element(By.ID, "denoise")
        self.assertTrue(toggle.is_selected())
        self.assertFalse(browser.find_element(By.ID, "denoised").is_displayed())
        toggle.click()
        self.assertFalse(toggle.is_selected())
        wait.until(lambda _: self.pixel(11, 14) == before)
        toggle.click()

        # An error written into the shader by another editor: its line shows, the image stays.
        shader = os.path.join(self.folder, "Tint.cg")
        with open(shader) as f:
            good = f.read()
        with open(shader + ".new", "w") as f:
            f.write(good.replace("max(dot(N, L), 0.0)", "max(dott(N, L), 0.0)"))
        os.rename(shader + ".new", shader)
        wait.until(lambda _: self.text("state") == "error")
        wait.until(lambda _: "Tint.cg:6:" in self.text("diagnostics"))
        self.assertIn("unknown function 'dott'", self.text("diagnostics"))
        self.assertTrue(browser.find_element(By.ID, "stale").is_displayed())
        self.assertEqual(self.image_state(), ("1", "3"))
        self.assertEqual(self.pixel(11, 14), before)

        # Fixed in the page's editor, opened from the diagnostic: the sphere turns green.
        item = next(e for e in browser.find_elements(By.CSS_SELECTOR, "#diagnostics li")
                    if "Tint.cg:6:" in e.text)
        item.click()
        wait.until(lambda _: self.text("editor-name") == "Tint.cg")
        self.assertIn("error", browser.find_element(By.CSS_SELECTOR, "#gutter div:nth-child(6)")
                      .get_attribute("class"))
        editor = browser.find_element(By.ID, "editor")
        fixed = good.replace("C0 * TINT", "float3(0.0, 1.0, 0.0)")
        browser.execute_script("arguments[0].value = arguments[1];"
                               "arguments[0].dispatchEvent(new Event('input'));", editor, fixed)
        browser.find_element(By.ID, "save").click()
        wait.until(lambda _: self.text("save-state") == "saved")
        wait.until(lambda _: self.text("state") == "done" and self.image_state()[1] == "3"
                   and self.image_state()[0] not in ("1", None))
        self.assertFalse(browser.find_element(By.ID, "stale").is_displayed())
        with open(shader) as f:
            self.assertEqual(f.read(), fixed)
        red, green, blue = self.pixel(11, 14)
        self.assertEqual((red, blue), (0, 0))
        self.assertGreater(green, 60)

        # A click on that pixel: the hit and the shader's trace, with its source lines.
        image = browser.find_element(By.ID, "image")
        width = image.size["width"]
        scale = width / 32
        ActionChains(browser).move_to_element_with_offset(
            image, int((11.5 - 16) * scale), int((14.5 - 12) * scale)).click().perform()
        wait.until(lambda _: "pixel 11,14" in self.text("pixel-hint"))
        wait.until(lambda _: "Tint.cg:" in self.text("pixel-info"))
        info = self.text("pixel-info")
        self.assertIn("Tint.cg", info)          # the material
        self.assertIn("instructions", info)     # the run's summary
        self.assertRegex(info, r"Tint\.cg:\d+")  # each instruction's source line
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT)


if __name__ == "__main__":
    LRT, SOURCE = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    SCREENSHOT = sys.argv[3] if len(sys.argv) > 3 else None
    unittest.main(argv=[sys.argv[0], "-v"])
